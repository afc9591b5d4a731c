import { Button, Container, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type UserListSortKey, userListSorts } from '../../../../shared/domain/administration/users';
import { isAdminRole } from '../../../../shared/domain/roles';
import { useSession } from '../../../app/session';
import { ListPagination } from '../../../components/ListPagination';
import { Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { RetryError } from '../../../components/RetryError';
import { BulkActions, useSelection } from './BulkActions';
import { filtersFromSearch, isFiltered, searchFromFilters, type UserListFilters } from './format';
import { PlanUsage } from './PlanUsage';
import { useUsers } from './queries';
import { SiteViewAsLogButton } from './SiteViewAsLog';
import { UserFilterBar } from './UserFilterBar';
import { UserCards, type UserSort, UserTable } from './UserList';
import { ExportUsersButton, ImportUsersButton } from './UserTransfer';

/** /users: the site's users for staff, searched as one types, filtered, sorted and paged by the server. */
export default function UsersPage() {
  const { t } = useTranslation('administration');
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const users = useUsers(filters);
  const phone = useMediaQuery('(max-width: 48em)');
  const { user } = useSession();
  const isAdmin = user !== null && isAdminRole(user.UserType, user.privilegies);
  const selection = useSelection();
  // The choice is of the users shown: another search, filter, sort or page starts with none chosen.
  const shown = searchFromFilters(filters).toString();
  const { clear } = selection;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` is what changes the users shown
  useEffect(() => clear(), [shown]);

  const change = (next: Partial<UserListFilters>) =>
    setSearch(searchFromFilters({ ...filters, ...next }), { replace: true });
  const sortBy = (next: UserSort) => change({ ...next, page: 1 });
  const sort = { sort: filters.sort, desc: filters.desc };
  const answer = users.data;
  const total = answer?.pagination.total ?? 0;
  const totalPages = answer?.pagination.total_pages ?? 0;

  return (
    <Container size="xl" py="xl">
      <PageHeading title={t('users.title')} intro={t('users.intro')} />
      <Stack gap="lg">
        <PlanUsage />
        <Group gap="sm">
          <Button
            component={Link}
            to="/user/0"
            variant="light"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            data-testid="new-user"
          >
            {t('users.newUser')}
          </Button>
          <ImportUsersButton />
          <ExportUsersButton filters={filters} />
          {isAdmin && <SiteViewAsLogButton />}
        </Group>
        <UserFilterBar filters={filters} searching={users.isFetching && answer !== undefined} onChange={change} />
        {phone && (
          <Group gap="sm" grow>
            <NativeSelect
              label={t('users.sortBy')}
              value={filters.sort}
              onChange={(event) => sortBy({ sort: event.currentTarget.value as UserListSortKey, desc: filters.desc })}
              data={userListSorts.map((key) => ({ value: key, label: t(`users.columns.${key}`) }))}
              data-testid="user-sort"
            />
            <NativeSelect
              label={t('users.order')}
              value={filters.desc ? 'desc' : 'asc'}
              onChange={(event) => sortBy({ sort: filters.sort, desc: event.currentTarget.value === 'desc' })}
              data={[
                { value: 'asc', label: t('users.ascending') },
                { value: 'desc', label: t('users.descending') },
              ]}
              data-testid="user-order"
            />
          </Group>
        )}
        {users.isError && !answer ? (
          <RetryError message={t('users.loadFailed')} retry={t('users.retry')} onRetry={() => void users.refetch()} />
        ) : !answer ? (
          <Loading />
        ) : (
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed" role="status" data-testid="user-count">
                {total === 0
                  ? isFiltered(filters)
                    ? t('users.noMatch')
                    : t('users.empty')
                  : answer.pagination.more
                    ? t('users.countMore', { count: total })
                    : t('users.count', { count: total })}
              </Text>
              {totalPages > 1 && (
                <Text size="sm" c="dimmed" data-testid="user-page">
                  {t('users.pageOf', { page: filters.page, pages: totalPages })}
                </Text>
              )}
            </Group>
            {users.isError && (
              <RetryError
                message={t('users.loadFailed')}
                retry={t('users.retry')}
                onRetry={() => void users.refetch()}
              />
            )}
            {answer.pagination.more && filters.page === totalPages && (
              <Text size="sm" data-testid="user-count-more">
                {t('users.moreHint', { count: total })}
              </Text>
            )}
            {answer.data.length === 0 && total > 0 && (
              <Group gap="sm" data-testid="user-past-end">
                <Text size="sm">{t('users.pastEnd')}</Text>
                <Button size="xs" variant="light" onClick={() => change({ page: totalPages })}>
                  {t('users.toLastPage')}
                </Button>
              </Group>
            )}
            <BulkActions users={answer.data} selection={selection} />
            {answer.data.length > 0 &&
              (phone ? (
                <UserCards users={answer.data} selection={selection} />
              ) : (
                <UserTable users={answer.data} sort={sort} onSort={sortBy} selection={selection} />
              ))}
            {totalPages > 1 && (
              <ListPagination
                label={t('users.pagination.label')}
                total={totalPages}
                page={filters.page}
                onChange={(page) => change({ page })}
                compact={phone}
                testId="user-pagination"
              />
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
