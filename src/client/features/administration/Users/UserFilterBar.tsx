import { Button, CloseButton, Group, Loader, NativeSelect, Paper, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UserStatusKey, userListSearchMax, userStatuses } from '../../../../shared/domain/administration/users';
import { defaultFilters, isFiltered, type UserListFilters, userTypeOptions } from './format';
import { useCompanyOptions, useCourseOptions } from './queries';

/** How long typing pauses before the list is searched. */
const SEARCH_DELAY_MS = 300;

/** An option for a value the address names but the list (not yet loaded, or gone) does not have. */
const withChosen = (options: { value: string; label: string }[], chosen: number | null) =>
  chosen === null || options.some((option) => option.value === String(chosen))
    ? options
    : [...options, { value: String(chosen), label: `#${chosen}` }];

const idOf = (value: string) => (value === '' ? null : Number(value));

/** The search box, searched as the user types, and the filters by type, company, course and status. */
export function UserFilterBar({
  filters,
  searching,
  onChange,
}: {
  filters: UserListFilters;
  /** A search or filter is being answered: the search box shows it. */
  searching: boolean;
  onChange(next: Partial<UserListFilters>): void;
}) {
  const { t } = useTranslation('administration');
  const companies = useCompanyOptions();
  const courses = useCourseOptions();
  const [text, setText] = useState(filters.search);
  const commitSearch = useDebouncedCallback((value: string) => {
    const search = value.trim();
    if (search !== filters.search) onChange({ search, page: 1 });
  }, SEARCH_DELAY_MS);

  const pick = (next: Partial<UserListFilters>) => onChange({ ...next, page: 1 });
  const typeOptions = withChosen(
    [
      { value: '', label: t('users.anyType') },
      ...userTypeOptions.map((option) => ({ value: String(option.type), label: t(`users.types.${option.key}`) })),
    ],
    filters.userType,
  );
  const companyOptions = withChosen(
    [
      { value: '', label: t('users.anyCompany') },
      ...(companies.data ?? []).map((company) => ({ value: String(company.Id), label: company.Name })),
    ],
    filters.companyId,
  );
  const courseOptions = withChosen(
    [
      { value: '', label: t('users.anyCourse') },
      ...(courses.data ?? []).map((course) => ({ value: String(course.Id), label: course.Name })),
    ],
    filters.courseId,
  );
  const statusOptions = [
    { value: '', label: t('users.anyStatus') },
    ...userStatuses.map((status) => ({ value: status, label: t(`users.statuses.${status}`) })),
  ];

  return (
    <Paper withBorder p="md" role="search" aria-label={t('users.filters')} data-testid="user-filters">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label={t('users.search')}
          description={t('users.searchHint')}
          placeholder={t('users.searchPlaceholder')}
          type="search"
          value={text}
          maxLength={userListSearchMax}
          onChange={(event) => {
            setText(event.currentTarget.value);
            commitSearch(event.currentTarget.value);
          }}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            searching ? (
              <Loader size="xs" aria-hidden />
            ) : text !== '' ? (
              <CloseButton
                aria-label={t('users.clearSearch')}
                onClick={() => {
                  setText('');
                  commitSearch.cancel();
                  onChange({ search: '', page: 1 });
                }}
              />
            ) : null
          }
          style={{ flex: '2 1 260px' }}
          data-testid="user-search"
        />
        <NativeSelect
          label={t('users.type')}
          value={filters.userType === null ? '' : String(filters.userType)}
          onChange={(event) => pick({ userType: idOf(event.currentTarget.value) })}
          data={typeOptions}
          style={{ flex: '1 1 150px' }}
          data-testid="user-type-filter"
        />
        <NativeSelect
          label={t('users.company')}
          value={filters.companyId === null ? '' : String(filters.companyId)}
          onChange={(event) => pick({ companyId: idOf(event.currentTarget.value) })}
          data={companyOptions}
          style={{ flex: '1 1 150px' }}
          data-testid="user-company-filter"
        />
        <NativeSelect
          label={t('users.course')}
          value={filters.courseId === null ? '' : String(filters.courseId)}
          onChange={(event) => pick({ courseId: idOf(event.currentTarget.value) })}
          data={courseOptions}
          style={{ flex: '1 1 150px' }}
          data-testid="user-course-filter"
        />
        <NativeSelect
          label={t('users.status')}
          value={filters.status ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            pick({ status: value === '' ? null : (value as UserStatusKey) });
          }}
          data={statusOptions}
          style={{ flex: '1 1 150px' }}
          data-testid="user-status-filter"
        />
        {isFiltered(filters) && (
          <Button
            variant="subtle"
            onClick={() => {
              setText('');
              commitSearch.cancel();
              onChange({ ...defaultFilters, sort: filters.sort, desc: filters.desc });
            }}
            data-testid="user-filters-reset"
          >
            {t('users.resetFilters')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
