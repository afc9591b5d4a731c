import { Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError, Loading } from '../../../components/LoadState';
import { ScrollTable } from '../components/ScrollTable';
import { accountingKeys } from '../keys';

/** A change's details as the reader takes them in: `amountCents: 4900 · date: 2026-03-01`. */
const detailText = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');

/** The "Audit trail" tab: every change of the books, newest first, who made it and when; nothing here can be edited. */
export function AuditTrail({ page, onPage }: { page: number; onPage(page: number): void }) {
  const { t, i18n } = useTranslation('accounting');
  const phone = useMediaQuery('(max-width: 48em)');
  const trail = useQuery({
    queryKey: accountingKeys.ledger.audit(page),
    queryFn: () => call('accounting.php', 'get_audit_trail', { Page: page }),
    placeholderData: keepPreviousData,
  });
  const time = new Intl.DateTimeFormat(i18n.language === 'sv' ? 'sv-SE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const answer = trail.data;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('audit.heading')}
      </Title>
      <Text size="sm">{t('audit.intro')}</Text>
      {trail.isError && !answer ? (
        <LoadError>{t('audit.loadFailed')}</LoadError>
      ) : !answer ? (
        <Loading section />
      ) : answer.data.length === 0 ? (
        <Text c="dimmed">{t('audit.empty')}</Text>
      ) : (
        <ScrollTable minWidth={760} label={t('audit.heading')}>
          <Table striped data-testid="audit-trail">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('audit.columns.at')}</Table.Th>
                <Table.Th scope="col">{t('audit.columns.who')}</Table.Th>
                <Table.Th scope="col">{t('audit.columns.what')}</Table.Th>
                <Table.Th scope="col">{t('audit.columns.subject')}</Table.Th>
                <Table.Th scope="col">{t('audit.columns.detail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.data.map((entry) => (
                <Table.Tr key={entry.Id} data-testid="audit-entry">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{time.format(new Date(entry.At))}</Table.Td>
                  <Table.Td>{entry.UserId === 0 ? t('audit.books') : entry.UserName}</Table.Td>
                  <Table.Td>{t(`audit.actions.${entry.Action}`)}</Table.Td>
                  <Table.Td>{entry.Subject}</Table.Td>
                  <Table.Td>
                    <Text size="xs" style={{ wordBreak: 'break-word' }}>
                      {detailText(entry.Detail)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {(answer?.TotalPages ?? 0) > 1 && (
        <ListPagination
          label={t('audit.pagination')}
          total={answer?.TotalPages ?? 1}
          page={page}
          onChange={onPage}
          compact={phone}
        />
      )}
    </Stack>
  );
}
