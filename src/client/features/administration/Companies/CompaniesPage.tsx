import { Button, Container, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { companySearchMax } from '../../../../shared/domain/administration/companies';
import { ListPagination } from '../../../components/ListPagination';
import { Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { RetryError } from '../../../components/RetryError';
import { CompanyDrawer } from './CompanyDrawer';
import { CompanyCards, CompanyTable } from './CompanyList';
import { useCompanies } from './queries';

/** Which company the drawer shows, from the address: an id, `new`, or none. */
export type DrawerTarget = number | 'new' | null;

const targetOf = (value: string | null): DrawerTarget => {
  if (value === 'new') return 'new';
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /admin/companies: the site's companies for staff — searched as one types, paged by the server — and one company
 * at a time in a drawer (its form, its users, adding and removing them, deleting it), named in the address
 * (`?company=12`, `?company=new`) so it can be linked and Back closes it.
 */
export default function CompaniesPage() {
  const { t } = useTranslation('companies');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const target = targetOf(params.get('company'));
  const companies = useCompanies(debounced, page);
  const phone = useMediaQuery('(max-width: 48em)');

  const change = (next: { q?: string; page?: number; company?: DrawerTarget }, push = false) => {
    // From the address as it is now, not as this render read it: a search settling while a company opens (or is
    // created) must not put back the address it replaced.
    const merged = new URLSearchParams(window.location.search);
    const set = (key: string, value: string | null) => (value ? merged.set(key, value) : merged.delete(key));
    if (next.q !== undefined) set('q', next.q);
    if (next.page !== undefined) set('page', next.page > 1 ? String(next.page) : null);
    if (next.company !== undefined) set('company', next.company === null ? null : String(next.company));
    setParams(merged, { replace: !push });
  };

  // The search is in the address (a list can be linked), once the typing rests.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text writes the address
  useEffect(() => {
    if ((params.get('q') ?? '') !== debounced) change({ q: debounced, page: 1 });
  }, [debounced]);

  const answer = companies.data;
  const total = answer?.pagination.total ?? 0;
  const totalPages = answer?.pagination.total_pages ?? 0;
  const open = (company: DrawerTarget) => change({ company }, true);

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <div>
          <PageHeading title={t('title')} intro={t('intro')} />
        </div>
        <Button onClick={() => open('new')} data-testid="company-create">
          {t('create')}
        </Button>
      </Group>
      <Stack gap="lg">
        <TextInput
          type="search"
          label={t('search')}
          description={t('searchHint')}
          value={search}
          maxLength={companySearchMax}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={420}
          data-testid="company-search"
        />
        {companies.isError && !answer ? (
          <RetryError message={t('loadFailed')} retry={t('retry')} onRetry={() => void companies.refetch()} />
        ) : !answer ? (
          <Loading />
        ) : (
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed" role="status" data-testid="company-count">
                {total === 0 ? t(debounced ? 'noMatch' : 'empty') : t('count', { count: total })}
              </Text>
              {totalPages > 1 && (
                <Text size="sm" c="dimmed">
                  {t('pageOf', { page, pages: totalPages })}
                </Text>
              )}
            </Group>
            {answer.data.length > 0 &&
              (phone ? (
                <CompanyCards companies={answer.data} onOpen={open} />
              ) : (
                <CompanyTable companies={answer.data} onOpen={open} />
              ))}
            {totalPages > 1 && (
              <ListPagination
                label={t('pagination.label')}
                total={totalPages}
                page={page}
                onChange={(next) => change({ page: next })}
                compact={phone}
              />
            )}
          </Stack>
        )}
      </Stack>
      <CompanyDrawer
        target={target}
        onClose={() => change({ company: null })}
        onCreated={(id) => change({ company: id })}
      />
    </Container>
  );
}
