import { Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { users } from '../../../../shared/contract/administration/users';
import type { CallAnswer } from '../../../../shared/contract/define';
import { isAdminRole, UserType } from '../../../../shared/domain/roles';
import { useSession } from '../../../app/session';
import { BackLink } from '../../../components/BackLink';
import { formatDate, formatDateTime } from '../../../components/dates';
import { isMissing } from '../../../components/errorText';
import { QueryState } from '../../../components/LoadState';
import { NotFoundNotice, PageLoadError } from '../../../components/Notices';
import { PageHeading } from '../../../components/PageHeading';
import { ToneBadge } from '../../../components/tone';
import { UserStatusBadges, UserTypeText } from '../Users/UserList';
import { AccessSection } from './AccessSection';
import { CoursesSection } from './CoursesSection';
import { userIdFromParam } from './format';
import { HistorySection } from './HistorySection';
import { ProfileForm } from './ProfileForm';
import { ProgressSection } from './ProgressSection';
import { useUser } from './queries';
import { ViewAsButton } from './ViewAsDialog';
import { ViewAsLog } from './ViewAsLog';

type UserPageAnswer = CallAnswer<(typeof users)['calls']['get_user']>;

const tabs = ['profile', 'courses', 'progress', 'access', 'history'] as const;
type Tab = (typeof tabs)[number];

/** /user/:id: one user's page for staff; /user/0 (and any id that is no integer) is the new-user form. */
export default function UserPage() {
  const { t } = useTranslation('administration');
  const params = useParams();
  const userId = userIdFromParam(params.id);
  const back = <BackLink to="/users">{t('user.back')}</BackLink>;
  return (
    <Container size="lg" py="xl">
      {back}
      {userId === 0 ? <NewUser /> : <ExistingUser userId={userId} />}
    </Container>
  );
}

function NewUser() {
  const { t } = useTranslation('administration');
  const navigate = useNavigate();
  const session = useSession();
  const isAdmin = session.user ? isAdminRole(session.user.UserType, session.user.privilegies) : false;
  return (
    <Stack gap={0} mt="md" data-testid="new-user-page">
      <PageHeading title={t('user.newTitle')} intro={t('user.newIntro')} />
      <ProfileForm
        user={null}
        canManage
        canChangeRole={isAdmin}
        onCreated={(id) => navigate(`/user/${id}`, { replace: true })}
      />
    </Stack>
  );
}

function ExistingUser({ userId }: { userId: number }) {
  const { t } = useTranslation('administration');
  const user = useUser(userId);
  if (isMissing(user.error)) {
    return (
      <div data-testid="user-not-found">
        <NotFoundNotice
          title={t('user.notFound')}
          text={t('user.notFoundText')}
          link={{ to: '/users', label: t('user.toUsers') }}
          mt="md"
        />
      </div>
    );
  }
  return (
    <QueryState
      query={user}
      error={
        <PageLoadError title={t('users.title')} mt="md">
          {t('user.loadFailed')}
        </PageLoadError>
      }
    >
      {(answer) => <UserView answer={answer} />}
    </QueryState>
  );
}

function UserView({ answer }: { answer: UserPageAnswer }) {
  const { t } = useTranslation('administration');
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const { data, Can } = answer;
  const user = data.User;
  const isAdmin = session.user ? isAdminRole(session.user.UserType, session.user.privilegies) : false;
  // "View as this user": administrators, on a student who can sign in (docs/decisions.md).
  const canViewAs = isAdmin && user.UserType === UserType.student && user.LockedAt === null && !session.viewAs;
  const tab: Tab = tabs.includes(search.get('tab') as Tab) ? (search.get('tab') as Tab) : 'profile';
  const choose = (next: string | null) => {
    const params = new URLSearchParams(search);
    if (next === null || next === 'profile') params.delete('tab');
    else params.set('tab', next);
    setSearch(params, { replace: true });
  };

  return (
    <article aria-labelledby="user-title" data-testid="user-page" data-user-id={user.Id}>
      <Title order={1} mt="md" id="user-title" style={{ overflowWrap: 'anywhere' }}>
        {`${user.FirstName} ${user.LastName}`.trim()}
      </Title>
      <Group gap={6} mt="xs" wrap="wrap" data-testid="user-badges">
        <ToneBadge tone={user.UserType === 2 ? 'red' : user.UserType === 8 ? 'orange' : 'grape'}>
          <UserTypeText type={user.UserType} />
        </ToneBadge>
        <UserStatusBadges user={user} />
        {user.CompanyName && <ToneBadge tone="teal">{user.CompanyName}</ToneBadge>}
      </Group>
      <Text mt="xs" style={{ overflowWrap: 'anywhere' }} data-testid="user-email">
        {user.Email}
      </Text>
      <Text size="sm" c="dimmed" mb="lg">
        {t('user.facts.created')}: {formatDate(user.CreatedAt)} · {t('user.facts.lastSeen')}:{' '}
        {user.LastSeenAt ? formatDateTime(user.LastSeenAt) : t('users.never')} · {t('user.facts.totalXp')}:{' '}
        {user.TotalXp}
      </Text>
      {canViewAs && (
        <Group mb="lg">
          <ViewAsButton user={user} />
        </Group>
      )}
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List aria-label={t('user.sections')} style={{ flexWrap: 'wrap' }}>
          {tabs.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`user-tab-${key}`}>
              {t(`user.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="profile" pt="lg">
          <ProfileForm
            key={`${user.Id}:${user.Email}:${user.UserType}:${user.Privilegies}`}
            user={user}
            canManage={Can.Manage}
            canChangeRole={Can.ChangeRole && Can.Manage}
          />
        </Tabs.Panel>
        <Tabs.Panel value="courses" pt="lg">
          <CoursesSection user={user} courses={data.Courses} canManage={Can.Manage} />
        </Tabs.Panel>
        <Tabs.Panel value="progress" pt="lg">
          <ProgressSection data={data} />
        </Tabs.Panel>
        <Tabs.Panel value="access" pt="lg">
          <AccessSection
            user={user}
            sessions={data.Sessions}
            canManage={Can.Manage}
            self={session.user?.Id === user.Id}
          />
          {isAdmin && user.UserType === UserType.student && (
            <Stack mt="lg">
              <ViewAsLog userId={user.Id} />
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="lg">
          <HistorySection userId={user.Id} first={data.History} total={data.HistoryTotal} />
        </Tabs.Panel>
      </Tabs>
    </article>
  );
}
