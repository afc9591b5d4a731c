import { ActionIcon, Button, Card, Container, Group, Menu, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationCode } from '../../../../shared/contract/codes/codes';
import type { CodeStatus } from '../../../../shared/domain/codes/codes';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText } from '../../../components/errorText';
import { QueryState } from '../../../components/LoadState';
import { currentLanguage } from '../../../components/language';
import { PageHeading } from '../../../components/PageHeading';
import { showToast } from '../../../components/toast';
import { type Tone, ToneBadge } from '../../../components/tone';
import { GenerateDialog } from './GenerateDialog';
import { CODES_PER_PAGE, downloadBatch, useCodes, useDeactivateCode } from './queries';
import { RedemptionsDialog } from './RedemptionsDialog';

const statusTone: Record<CodeStatus, Tone> = { active: 'teal', inactive: 'red', expired: 'orange' };

type Dialog = { kind: 'generate' } | { kind: 'deactivate' | 'redemptions'; code: RegistrationCode };

/** /codes: staff's registration codes — the list with status and uses, generating, deactivating, exporting. */
export default function CodesPage() {
  const { t } = useTranslation('codes');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const codes = useCodes(debounced, page);
  const deactivate = useDeactivateCode();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');

  const exportBatch = async (batchKey: string) => {
    try {
      await downloadBatch(batchKey);
      showToast(t('admin.exported'), 'green');
    } catch (error) {
      showToast(errorText(error), 'red');
    }
  };

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <div>
          <PageHeading title={t('admin.title')} intro={t('admin.intro')} />
        </div>
        <Button onClick={() => setDialog({ kind: 'generate' })} data-testid="codes-generate">
          {t('admin.generate')}
        </Button>
      </Group>
      <TextInput
        type="search"
        label={t('admin.search')}
        value={search}
        maxLength={200}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
        data-testid="codes-search"
      />
      <QueryState query={codes}>
        {(answer) => {
          const list = answer.data;
          const pages = Math.max(1, Math.ceil(answer.total / CODES_PER_PAGE));
          return (
            <Stack gap="sm" mt="lg">
              <Text size="sm" c="dimmed" role="status" data-testid="codes-count">
                {list.length === 0
                  ? t(debounced ? 'admin.noMatch' : 'admin.empty')
                  : t('admin.count', { count: answer.total })}
              </Text>
              {list.length > 0 &&
                (phone ? (
                  <Stack gap="sm">
                    {list.map((code) => (
                      <Card key={code.Id} withBorder data-testid="code-row">
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <Stack gap={4} miw={0}>
                            <CodeText code={code} />
                            <StatusBadge status={code.Status} />
                            <Text size="sm">{code.Courses.map((c) => c.Name).join(', ')}</Text>
                            <Text size="sm" c="dimmed">
                              {t('admin.uses')}: {t('admin.usesOf', { left: code.UsesLeft, total: code.UsesTotal })} ·{' '}
                              {t('admin.access')}: <AccessText code={code} />
                            </Text>
                            <Text size="sm" c="dimmed">
                              {t('admin.validity')}: <ValidityText code={code} />
                            </Text>
                            {code.Note && <Text size="sm">{code.Note}</Text>}
                          </Stack>
                          <CodeActions code={code} onPick={setDialog} onExport={exportBatch} />
                        </Group>
                      </Card>
                    ))}
                  </Stack>
                ) : (
                  <Table striped highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('admin.code')}</Table.Th>
                        <Table.Th>{t('admin.status')}</Table.Th>
                        <Table.Th>{t('admin.courses')}</Table.Th>
                        <Table.Th ta="right">{t('admin.uses')}</Table.Th>
                        <Table.Th ta="right">{t('admin.redeemed')}</Table.Th>
                        <Table.Th>{t('admin.access')}</Table.Th>
                        <Table.Th>{t('admin.validity')}</Table.Th>
                        <Table.Th>{t('admin.note')}</Table.Th>
                        <Table.Th ta="right">{t('admin.actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {list.map((code) => (
                        <Table.Tr key={code.Id} data-testid="code-row">
                          <Table.Td>
                            <CodeText code={code} />
                          </Table.Td>
                          <Table.Td miw={110}>
                            <StatusBadge status={code.Status} />
                          </Table.Td>
                          <Table.Td>{code.Courses.map((c) => c.Name).join(', ')}</Table.Td>
                          <Table.Td ta="right">
                            {t('admin.usesOf', { left: code.UsesLeft, total: code.UsesTotal })}
                          </Table.Td>
                          <Table.Td ta="right">{code.RedeemedCount}</Table.Td>
                          <Table.Td>
                            <AccessText code={code} />
                          </Table.Td>
                          <Table.Td>
                            <ValidityText code={code} />
                          </Table.Td>
                          <Table.Td>{code.Note}</Table.Td>
                          <Table.Td ta="right">
                            <CodeActions code={code} onPick={setDialog} onExport={exportBatch} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                ))}
              {pages > 1 && (
                <Group justify="center" gap="sm">
                  <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {t('admin.previous')}
                  </Button>
                  <Text size="sm">{t('admin.page', { page, total: pages })}</Text>
                  <Button variant="default" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    {t('admin.next')}
                  </Button>
                </Group>
              )}
            </Stack>
          );
        }}
      </QueryState>

      {dialog?.kind === 'generate' && (
        <GenerateDialog
          onClose={() => setDialog(null)}
          onGenerated={() => {
            setSearch('');
            setPage(1);
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'redemptions' && <RedemptionsDialog code={dialog.code} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'deactivate' && (
        <ConfirmDialog
          opened
          title={t('admin.deactivateTitle')}
          text={t('admin.deactivateText', { code: dialog.code.Code })}
          cancel={t('admin.cancel')}
          onCancel={() => setDialog(null)}
          confirm={t('admin.deactivate')}
          confirmColor="red"
          busy={deactivate.isPending}
          confirmTestId="code-deactivate-confirm"
          onConfirm={async () => {
            try {
              await deactivate.mutateAsync(dialog.code.Id);
              showToast(t('admin.deactivated'), 'green');
              setDialog(null);
            } catch (error) {
              showToast(errorText(error), 'red');
            }
          }}
        />
      )}
    </Container>
  );
}

/**
 * The day of a moment the server keeps in UTC (a day chosen in the form starts at 00:00 or ends at 23:59:59.999
 * UTC), written in the user's language as that day wherever she is.
 */
const formatDay = (iso: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

function CodeText({ code }: { code: RegistrationCode }) {
  return (
    <Text ff="monospace" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="code-text">
      {code.Code}
    </Text>
  );
}

function StatusBadge({ status }: { status: CodeStatus }) {
  const { t } = useTranslation('codes');
  return (
    <ToneBadge tone={statusTone[status]} data-testid="code-status">
      {t(`admin.statuses.${status}`)}
    </ToneBadge>
  );
}

function AccessText({ code }: { code: RegistrationCode }) {
  const { t } = useTranslation('codes');
  if (code.AccessDays !== null) return <>{t('admin.accessDays', { count: code.AccessDays })}</>;
  if (code.AccessUntil !== null) return <>{t('admin.accessUntil', { date: formatDay(code.AccessUntil) })}</>;
  return <>{t('admin.accessForever')}</>;
}

function ValidityText({ code }: { code: RegistrationCode }) {
  const { t } = useTranslation('codes');
  const { ValidFrom: from, ValidTo: to } = code;
  if (from === null && to === null) return <>{t('admin.validAlways')}</>;
  if (from === null) return <>{t('admin.validUntil', { date: formatDay(to ?? '') })}</>;
  if (to === null) return <>{t('admin.validSince', { date: formatDay(from) })}</>;
  return <>{t('admin.validRange', { from: formatDay(from), to: formatDay(to) })}</>;
}

function CodeActions({
  code,
  onPick,
  onExport,
}: {
  code: RegistrationCode;
  onPick(dialog: Dialog): void;
  onExport(batchKey: string): void;
}) {
  const { t } = useTranslation('codes');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code.Code);
      showToast(t('admin.copied'), 'green');
    } catch {
      showToast(code.Code, 'blue');
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          aria-label={t('admin.actionsFor', { code: code.Code })}
          size="lg"
          data-testid="code-actions"
        >
          <span aria-hidden="true">⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void copy()}>{t('admin.copy')}</Menu.Item>
        <Menu.Item onClick={() => onPick({ kind: 'redemptions', code })} data-testid="code-redemptions">
          {t('admin.redemptions')}
        </Menu.Item>
        <Menu.Item onClick={() => onExport(code.BatchKey)} data-testid="code-export">
          {t('admin.exportBatch')}
        </Menu.Item>
        {code.Status !== 'inactive' && (
          <Menu.Item color="red" onClick={() => onPick({ kind: 'deactivate', code })} data-testid="code-deactivate">
            {t('admin.deactivate')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
