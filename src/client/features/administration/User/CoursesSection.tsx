import {
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserCourse, UserProfile } from '../../../../shared/contract/administration/users';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDate } from '../../../components/dates';
import { errorText } from '../../../components/errorText';
import { ToneBadge } from '../../../components/tone';
import { useCourseOptions } from '../Users/queries';
import { dayOf, today } from './format';
import { useGrantCourse, useRevokeCourse } from './queries';

const statusTone = { completed: 'teal', in_progress: 'orange', not_started: 'grape' } as const;

/** Her courses with their dates and progress; staff who manage her give, change and remove access here. */
export function CoursesSection({
  user,
  courses,
  canManage,
}: {
  user: UserProfile;
  courses: UserCourse[];
  canManage: boolean;
}) {
  const { t } = useTranslation('administration');
  const [changing, setChanging] = useState<UserCourse | null>(null);
  const [revoking, setRevoking] = useState<UserCourse | null>(null);
  const revoke = useRevokeCourse(user.Id);
  const name = `${user.FirstName} ${user.LastName}`.trim();

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.CourseId);
      notifications.show({ color: 'green', message: t('user.courses.revoked', { course: revoking.Name }) });
      setRevoking(null);
    } catch (error) {
      notifications.show({ color: 'red', title: t('user.courses.failed'), message: errorText(error) });
    }
  };

  return (
    <Stack gap="lg">
      {canManage && <GrantForm userId={user.Id} held={courses.filter((c) => c.HasAccess).map((c) => c.CourseId)} />}
      <section aria-labelledby="user-courses-title">
        <Title order={2} size="h3" id="user-courses-title" mb="sm">
          {t('user.courses.title')}
        </Title>
        {courses.length === 0 ? (
          <Text c="dimmed">{t('user.courses.none')}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {courses.map((course) => (
              <Card key={course.CourseId} withBorder component="li" data-testid="user-course">
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text fw={600} data-testid="user-course-name">
                      {course.Name}
                    </Text>
                    <Group gap={6}>
                      <ToneBadge tone={statusTone[course.Status]}>
                        {t(`user.courses.status.${course.Status}`)}
                      </ToneBadge>
                      {course.Expired && <ToneBadge tone="red">{t('user.courses.expired')}</ToneBadge>}
                      {!course.HasAccess && <ToneBadge tone="yellow">{t('user.courses.noAccess')}</ToneBadge>}
                    </Group>
                  </Group>
                  <Progress
                    value={course.ProgressPercent}
                    aria-label={t('user.courses.progressOf', { course: course.Name })}
                    size="sm"
                  />
                  <Text size="sm" c="dimmed">
                    {course.ProgressPercent} % · {t('user.courses.xp', { xp: course.Xp })}
                    {course.Source && ` · ${t(`user.courses.source.${course.Source}`)}`}
                  </Text>
                  {course.HasAccess && (
                    <Text size="sm" data-testid="user-course-dates">
                      {t('user.courses.given')}: {course.GrantedAt ? formatDate(course.GrantedAt) : '—'} ·{' '}
                      {t('user.courses.ends')}:{' '}
                      {course.ExpiresAt ? formatDate(course.ExpiresAt) : t('user.courses.noEnd')}
                    </Text>
                  )}
                  {canManage && course.HasAccess && (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setChanging(course)}
                        data-testid="user-course-change"
                      >
                        {t('user.courses.changeEnd')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setRevoking(course)}
                        data-testid="user-course-revoke"
                      >
                        {t('user.courses.revoke')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </section>
      {changing && <ChangeEndDialog userId={user.Id} course={changing} onClose={() => setChanging(null)} />}
      <ConfirmDialog
        opened={revoking !== null}
        title={t('user.courses.revokeTitle')}
        text={t('user.courses.revokeText', { name, course: revoking?.Name ?? '' })}
        cancel={t('user.courses.cancel')}
        onCancel={() => setRevoking(null)}
        confirm={t('user.courses.revoke')}
        confirmColor="red"
        onConfirm={() => void confirmRevoke()}
        busy={revoke.isPending}
        focusCancel
        data-testid="user-revoke-dialog"
        confirmTestId="user-revoke-confirm"
      />
    </Stack>
  );
}

/** A course to give her, with an optional last day. */
function GrantForm({ userId, held }: { userId: number; held: number[] }) {
  const { t } = useTranslation('administration');
  const options = useCourseOptions();
  const grant = useGrantCourse(userId);
  const [courseId, setCourseId] = useState('');
  const [end, setEnd] = useState('');
  const choices = (options.data ?? []).filter((course) => !course.Archived && !held.includes(course.Id));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const course = choices.find((c) => String(c.Id) === courseId);
    if (!course) return;
    try {
      await grant.mutateAsync({ CourseId: course.Id, ExpiresAt: end || null });
      notifications.show({ color: 'green', message: t('user.courses.granted', { course: course.Name }) });
      setCourseId('');
      setEnd('');
    } catch (error) {
      notifications.show({ color: 'red', title: t('user.courses.failed'), message: errorText(error) });
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="user-grant-title">
      <form onSubmit={(event) => void submit(event)} data-testid="user-grant-form">
        <Title order={2} size="h4" id="user-grant-title" mb="sm">
          {t('user.courses.grantTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={t('user.courses.course')}
            value={courseId}
            onChange={(event) => setCourseId(event.currentTarget.value)}
            data={[
              { value: '', label: t('user.courses.chooseCourse') },
              ...choices.map((course) => ({ value: String(course.Id), label: course.Name })),
            ]}
            data-testid="user-grant-course"
          />
          <TextInput
            type="date"
            label={t('user.courses.end')}
            description={t('user.courses.endHint')}
            min={today()}
            value={end}
            onChange={(event) => setEnd(event.currentTarget.value)}
            data-testid="user-grant-end"
          />
        </SimpleGrid>
        <Button type="submit" mt="sm" disabled={courseId === ''} loading={grant.isPending} data-testid="user-grant">
          {t('user.courses.give')}
        </Button>
      </form>
    </Card>
  );
}

/** The end of her access to a course, moved later or earlier, or taken away (no end). */
function ChangeEndDialog({ userId, course, onClose }: { userId: number; course: UserCourse; onClose(): void }) {
  const { t } = useTranslation('administration');
  const grant = useGrantCourse(userId);
  const [end, setEnd] = useState(dayOf(course.ExpiresAt));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await grant.mutateAsync({ CourseId: course.CourseId, ExpiresAt: end || null });
      notifications.show({ color: 'green', message: t('user.courses.changed') });
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', title: t('user.courses.failed'), message: errorText(error) });
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('user.courses.changeEndTitle', { course: course.Name })}
      centered
      closeButtonProps={{ 'aria-label': t('user.courses.cancel') }}
      data-testid="user-change-end-dialog"
    >
      <form onSubmit={(event) => void submit(event)}>
        <TextInput
          type="date"
          label={t('user.courses.end')}
          description={t('user.courses.endHint')}
          min={today()}
          value={end}
          onChange={(event) => setEnd(event.currentTarget.value)}
          data-autofocus
          data-testid="user-change-end"
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('user.courses.cancel')}
          </Button>
          <Button type="submit" loading={grant.isPending} data-testid="user-change-end-save">
            {t('user.courses.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
