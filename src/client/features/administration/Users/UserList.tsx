import { Anchor, Card, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserListItem } from '../../../../shared/contract/administration/users';
import type { UserListSortKey } from '../../../../shared/domain/administration/users';
import { UserType } from '../../../../shared/domain/roles';
import { formatDate, formatDateTime } from '../../../components/dates';
import { SortHeader } from '../../../components/SortHeader';
import { ToneBadge } from '../../../components/tone';
import type { Selection } from './BulkActions';
import { fullName } from './format';

/** The list's sort: a column and its direction. */
export interface UserSort {
  sort: UserListSortKey;
  desc: boolean;
}

const typeKey = { [UserType.student]: 'student', [UserType.admin]: 'admin', [UserType.coach]: 'coach' } as Record<
  number,
  'student' | 'admin' | 'coach' | undefined
>;

/** A user type's name; a type without one as its number. */
export function UserTypeText({ type }: { type: number }) {
  const { t } = useTranslation('administration');
  const key = typeKey[type];
  return <>{key ? t(`users.types.${key}`) : t('users.types.other', { type })}</>;
}

/** Her state as badges: locked, not verified, or else active. */
export function UserStatusBadges({ user }: { user: UserListItem }) {
  const { t } = useTranslation('administration');
  if (!user.Locked && user.Verified) {
    return (
      <ToneBadge tone="teal" data-testid="user-status">
        {t('users.statuses.active')}
      </ToneBadge>
    );
  }
  return (
    <Group gap={6} wrap="wrap">
      {user.Locked && (
        <ToneBadge tone="red" data-testid="user-status">
          {t('users.statuses.locked')}
        </ToneBadge>
      )}
      {!user.Verified && (
        <ToneBadge tone="yellow" data-testid="user-status">
          {t('users.statuses.not_verified')}
        </ToneBadge>
      )}
    </Group>
  );
}

function LastSeen({ at }: { at: string | null }) {
  const { t } = useTranslation('administration');
  return <>{at === null ? t('users.never') : formatDateTime(at)}</>;
}

function NameLink({ user }: { user: UserListItem }) {
  return (
    <Anchor component={Link} to={`/user/${user.Id}`} fw={600} data-testid="user-name">
      {fullName(user)}
    </Anchor>
  );
}

/** A column header that sorts the list by it: once going up, again going down. */
function UserSortHeader({
  column,
  current,
  onSort,
}: {
  column: UserListSortKey;
  current: UserSort;
  onSort(next: UserSort): void;
}) {
  const { t } = useTranslation('administration');
  const label = t(`users.columns.${column}`);
  return (
    <SortHeader
      label={label}
      active={current.sort === column}
      desc={current.desc}
      onSort={(desc) => onSort({ sort: column, desc })}
      sortLabel={(desc) => t(desc ? 'users.sortDescending' : 'users.sortAscending', { column: label })}
      testId={`user-sort-${column}`}
    />
  );
}

/** A user's box of the selection, named after her. */
function ChooseBox({ user, selection }: { user: UserListItem; selection: Selection }) {
  const { t } = useTranslation('administration');
  return (
    <Checkbox
      aria-label={t('bulk.choose', { name: fullName(user) })}
      checked={selection.chosen.has(user.Id)}
      onChange={() => selection.toggle(user.Id)}
      data-testid="user-choose"
    />
  );
}

/** The page of users as a table with sortable headers (desktop). */
export function UserTable({
  users,
  sort,
  onSort,
  selection,
}: {
  users: UserListItem[];
  sort: UserSort;
  onSort(next: UserSort): void;
  selection: Selection;
}) {
  const { t } = useTranslation('administration');
  const ids = users.map((user) => user.Id);
  const chosenHere = ids.filter((id) => selection.chosen.has(id)).length;
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover data-testid="user-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('bulk.chooseAll')}
                checked={chosenHere === ids.length}
                indeterminate={chosenHere > 0 && chosenHere < ids.length}
                onChange={() => selection.setAll(ids, chosenHere < ids.length)}
                data-testid="user-choose-all"
              />
            </Table.Th>
            <UserSortHeader column="name" current={sort} onSort={onSort} />
            <UserSortHeader column="email" current={sort} onSort={onSort} />
            <UserSortHeader column="type" current={sort} onSort={onSort} />
            <Table.Th>{t('users.columns.company')}</Table.Th>
            {/* Wide enough for a whole badge ("Not verified", "Ej verifierad"), which would otherwise be cut short. */}
            <Table.Th style={{ minWidth: 150 }}>{t('users.columns.status')}</Table.Th>
            <UserSortHeader column="created" current={sort} onSort={onSort} />
            <UserSortHeader column="last_seen" current={sort} onSort={onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.Id} data-testid="user-row">
              <Table.Td>
                <ChooseBox user={user} selection={selection} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <NameLink user={user} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="user-email">
                {user.Email}
              </Table.Td>
              <Table.Td>
                <UserTypeText type={user.UserType} />
              </Table.Td>
              <Table.Td>{user.CompanyName ?? <CompanyNone />}</Table.Td>
              <Table.Td>
                <UserStatusBadges user={user} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(user.CreatedAt)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <LastSeen at={user.LastSeenAt} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** No company: a dash, read out in words. */
function CompanyNone() {
  const { t } = useTranslation('administration');
  return (
    <Text span c="dimmed">
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{t('users.noCompany')}</VisuallyHidden>
    </Text>
  );
}

/** The page of users as cards (phone): the sort is chosen above them. */
export function UserCards({ users, selection }: { users: UserListItem[]; selection: Selection }) {
  const { t } = useTranslation('administration');
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {users.map((user) => (
        <Card key={user.Id} withBorder component="li" data-testid="user-row">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="nowrap">
                <ChooseBox user={user} selection={selection} />
                <NameLink user={user} />
              </Group>
              <UserStatusBadges user={user} />
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="user-email">
              {user.Email}
            </Text>
            <Text size="sm" c="dimmed">
              <UserTypeText type={user.UserType} />
              {user.CompanyName !== null && ` · ${user.CompanyName}`}
            </Text>
            <Text size="sm" c="dimmed">
              {t('users.columns.last_seen')}: <LastSeen at={user.LastSeenAt} />
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
