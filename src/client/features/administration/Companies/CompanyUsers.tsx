import { Button, Group, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyDetails, CompanyUser } from '../../../../shared/contract/administration/companies';
import type { UserListItem } from '../../../../shared/contract/administration/users';
import { MAX_USERS_PER_ADD, seatsLeft } from '../../../../shared/domain/administration/companies';
import { ApiError } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { ErrorAlert } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { COMPANY_USERS_PER_PAGE, useAddCompanyUsers, usePickerUsers, useRemoveCompanyUser } from './queries';

const fullName = (user: { FirstName: string; LastName: string }) => `${user.FirstName} ${user.LastName}`.trim();

/**
 * The picker: users of the site found as one types (users.php get_users), chosen one or more at a time and added
 * in one call, which adds all of them or, past the seats, none.
 */
export function AddUsers({ company }: { company: CompanyDetails }) {
  const { t } = useTranslation('companies');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = usePickerUsers(debounced);
  const add = useAddCompanyUsers(company.Id);
  const [picked, setPicked] = useState<Map<number, UserListItem>>(new Map());
  const left = seatsLeft(company.Seats, company.UserCount);

  const describe = (user: UserListItem) => {
    const where =
      user.CompanyId === company.Id
        ? t('add.alreadyHere')
        : user.CompanyName
          ? t('add.inCompany', { company: user.CompanyName })
          : null;
    return `${fullName(user)} · ${user.Email}${where ? ` (${where})` : ''}`;
  };
  // The chosen users stay among the options (a MultiSelect shows only values it has an option for).
  const options = new Map<number, UserListItem>(picked);
  for (const user of found.data ?? []) options.set(user.Id, user);
  const data = [...options.values()].map((user) => ({
    value: String(user.Id),
    label: describe(user),
    disabled: user.CompanyId === company.Id,
  }));

  const submit = async () => {
    try {
      const answer = await add.mutateAsync([...picked.keys()]);
      const texts = [
        answer.Added === 0 ? t('add.nothingNew') : t('add.added', { count: answer.Added }),
        ...(answer.Moved > 0 ? [t('add.moved', { count: answer.Moved })] : []),
      ];
      showToast(texts.join(' '), 'green');
      setPicked(new Map());
      setSearch('');
    } catch {
      // The alert below the picker says what went wrong.
    }
  };

  const refusal = add.error;
  return (
    <Stack gap="xs" component="section" aria-labelledby="company-add-heading">
      <Title order={3} size="h4" id="company-add-heading">
        {t('add.heading')}
      </Title>
      <MultiSelect
        label={t('add.label')}
        placeholder={picked.size === 0 ? t('add.placeholder') : undefined}
        description={`${t('add.hint')} ${
          left === null ? '' : left === 0 ? t('add.noSeatsLeft') : t('add.seatsLeft', { count: left })
        }`.trim()}
        data={data}
        value={[...picked.keys()].map(String)}
        onChange={(values) => {
          const next = new Map<number, UserListItem>();
          for (const value of values) {
            const user = options.get(Number(value));
            if (user) next.set(user.Id, user);
          }
          setPicked(next);
        }}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server searched already: every option it answered is shown.
        filter={({ options: all }) => all}
        nothingFoundMessage={debounced !== '' && !found.isFetching ? t('add.noResults') : undefined}
        maxValues={MAX_USERS_PER_ADD}
        hidePickedOptions
        clearable
        comboboxProps={{ withinPortal: true }}
        data-testid="company-add-picker"
      />
      {refusal && (
        <ErrorAlert>
          {refusal instanceof ApiError && refusal.code === 'SEATS_EXCEEDED'
            ? t('add.seatsExceeded', {
                seats: Number(refusal.body.seats),
                users: Number(refusal.body.users),
                adding: Number(refusal.body.adding),
              })
            : errorText(refusal)}
        </ErrorAlert>
      )}
      <Group justify="flex-end">
        <Button
          onClick={() => void submit()}
          disabled={picked.size === 0}
          loading={add.isPending}
          data-testid="company-add-submit"
        >
          {t('add.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A page of the company's users, each with a button that takes her out of it. */
export function CompanyUserList({
  company,
  users,
  total,
  search,
  onSearch,
  page,
  totalPages,
  onPage,
}: {
  company: CompanyDetails;
  users: CompanyUser[];
  total: number;
  search: string;
  onSearch(search: string): void;
  page: number;
  totalPages: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('companies');
  const remove = useRemoveCompanyUser(company.Id);
  const removeUser = async (user: CompanyUser) => {
    try {
      await remove.mutateAsync(user.Id);
      showToast(t('users.removed', { name: fullName(user) }), 'green');
    } catch (error) {
      showToast(errorText(error), 'red');
    }
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="company-users-heading">
      <Group justify="space-between" align="baseline">
        <Title order={3} size="h4" id="company-users-heading">
          {t('users.heading')}
        </Title>
        <Text size="sm" c="dimmed" role="status" data-testid="company-user-count">
          {t('users.count', { count: total })}
        </Text>
      </Group>
      {/* A search once the users fill more than a page. */}
      {(company.UserCount > COMPANY_USERS_PER_PAGE || search !== '') && (
        <TextInput
          type="search"
          label={t('users.search')}
          value={search}
          maxLength={100}
          onChange={(event) => onSearch(event.currentTarget.value)}
          size="sm"
        />
      )}
      {users.length === 0 ? (
        <Text size="sm" c="dimmed">
          {company.UserCount === 0 ? t('users.none') : '—'}
        </Text>
      ) : (
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {users.map((user) => (
            <Group
              key={user.Id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              py={6}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              data-testid="company-user"
            >
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600}>
                  {fullName(user)}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {user.Email}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="light"
                color="red"
                aria-label={t('users.removeLabel', { name: fullName(user) })}
                loading={remove.isPending && remove.variables === user.Id}
                onClick={() => void removeUser(user)}
                data-testid="company-user-remove"
              >
                {t('users.remove')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {totalPages > 1 && (
        <Group justify="center" gap="sm">
          <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('users.previous')}
          </Button>
          <Text size="sm">{t('pageOf', { page, pages: totalPages })}</Text>
          <Button size="xs" variant="default" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            {t('users.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
