import { Button, Divider, Drawer, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyDetails } from '../../../../shared/contract/administration/companies';
import { ApiError } from '../../../app/api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText, isMissing } from '../../../components/errorText';
import { ErrorAlert, Loading } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import type { DrawerTarget } from './CompaniesPage';
import { CompanyForm } from './CompanyForm';
import { AddUsers, CompanyUserList } from './CompanyUsers';
import { useCompany, useDeleteCompany } from './queries';

/**
 * One company in a drawer over the list (docs/decisions.md, "Companies"): its form, its users with the picker that
 * adds more, and deleting it. Full width on a phone. Closing with unsaved changes asks first.
 */
export function CompanyDrawer({
  target,
  onClose,
  onCreated,
}: {
  target: DrawerTarget;
  onClose(): void;
  onCreated(companyId: number): void;
}) {
  const { t } = useTranslation('companies');
  const phone = useMediaQuery('(max-width: 48em)');
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const close = () => {
    if (dirty) setAsking(true);
    else onClose();
  };
  const leave = () => {
    setAsking(false);
    setDirty(false);
    onClose();
  };
  const onDirty = useCallback((value: boolean) => setDirty(value), []);

  return (
    <>
      <Drawer
        opened={target !== null}
        onClose={close}
        position="right"
        size={phone ? '100%' : 'xl'}
        title={<CompanyTitle target={target} />}
        closeButtonProps={{ 'aria-label': t('detail.close') }}
        styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
        data-testid="company-drawer"
      >
        {target === 'new' && (
          <CompanyForm key="new" company={null} onDirty={onDirty} onSaved={(company) => onCreated(company.Id)} />
        )}
        {typeof target === 'number' && (
          <CompanyDetailsView key={target} companyId={target} onDirty={onDirty} onDeleted={leave} />
        )}
      </Drawer>
      <ConfirmDialog
        opened={asking}
        title={t('form.unsavedTitle')}
        text={t('form.unsavedText')}
        cancel={t('form.keepEditing')}
        onCancel={() => setAsking(false)}
        confirm={t('form.discard')}
        confirmColor="red"
        focusCancel
        onConfirm={leave}
      />
    </>
  );
}

/** The drawer's title: the company's name once it has loaded (from the cache the details use). */
function CompanyTitle({ target }: { target: DrawerTarget }) {
  const { t } = useTranslation('companies');
  const company = useCompany(typeof target === 'number' ? target : 0, '', 1, typeof target === 'number');
  const name = typeof target === 'number' ? company.data?.data.Name : undefined;
  return (
    // Inside the drawer's own heading (an h2).
    <span data-testid="company-drawer-title">{target === 'new' ? t('detail.newTitle') : (name ?? t('title'))}</span>
  );
}

function CompanyDetailsView({
  companyId,
  onDirty,
  onDeleted,
}: {
  companyId: number;
  onDirty(dirty: boolean): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation('companies');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const answer = useCompany(companyId, debounced, page);

  if (answer.isError && !answer.data) {
    return <ErrorAlert>{isMissing(answer.error) ? t('detail.notFound') : t('detail.loadFailed')}</ErrorAlert>;
  }
  if (!answer.data) return <Loading />;
  const { data: company, users, pagination } = answer.data;
  return (
    <Stack gap="xl">
      <CompanyForm key={company.Id} company={company} onDirty={onDirty} onSaved={() => {}} />
      <Divider />
      <AddUsers company={company} />
      <CompanyUserList
        company={company}
        users={users}
        total={pagination.total}
        search={search}
        onSearch={(next) => {
          setSearch(next);
          setPage(1);
        }}
        page={page}
        totalPages={pagination.total_pages}
        onPage={setPage}
      />
      <Divider />
      <DeleteCompany company={company} onDeleted={onDeleted} />
    </Stack>
  );
}

function DeleteCompany({ company, onDeleted }: { company: CompanyDetails; onDeleted(): void }) {
  const { t } = useTranslation('companies');
  const remove = useDeleteCompany();
  const [confirming, setConfirming] = useState(false);
  const hasUsers = company.UserCount > 0;
  return (
    <Stack gap="xs" align="flex-start">
      {hasUsers && (
        <Text size="sm" c="dimmed" id="company-delete-hint">
          {t('remove.notEmpty', { count: company.UserCount })}
        </Text>
      )}
      <Button
        variant="outline"
        color="red"
        disabled={hasUsers}
        aria-describedby={hasUsers ? 'company-delete-hint' : undefined}
        onClick={() => setConfirming(true)}
        data-testid="company-delete"
      >
        {t('remove.button')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('remove.title')}
        text={t('remove.text', { name: company.Name })}
        cancel={t('remove.cancel')}
        onCancel={() => setConfirming(false)}
        confirm={t('remove.confirm')}
        confirmColor="red"
        busy={remove.isPending}
        confirmTestId="company-delete-confirm"
        onConfirm={async () => {
          try {
            await remove.mutateAsync(company.Id);
            setConfirming(false);
            showToast(t('remove.deleted', { name: company.Name }), 'green');
            onDeleted();
          } catch (error) {
            setConfirming(false);
            showToast(
              error instanceof ApiError && error.code === 'COMPANY_NOT_EMPTY'
                ? t('remove.notEmpty', { count: Number(error.body.users) })
                : errorText(error),
              'red',
            );
          }
        }}
      />
    </Stack>
  );
}
