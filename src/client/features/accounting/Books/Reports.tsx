import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ReportRow } from '../../../../shared/contract/accounting/accounting';
import { LoadError, Loading } from '../../../components/LoadState';
import { PeriodPicker } from '../components/PeriodPicker';
import { ScrollTable } from '../components/ScrollTable';
import { useMoney } from '../money';
import { isPeriod, type Period } from '../period';
import { useReport } from '../queries';

type Row = z.infer<typeof ReportRow>;
const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const columns = ['opening', 'change', 'closing', 'previous'] as const;
const figures = (row: Row) => [row.OpeningOre, row.ChangeOre, row.ClosingOre, row.PreviousOre];

/** The "Reports" tab: the period, then the balance report and the income report of it. */
export function Reports({ period, onPeriod }: { period: Period; onPeriod(period: Period): void }) {
  const { t } = useTranslation('accounting');
  return (
    <Stack gap="xl">
      <PeriodPicker period={period} onChange={onPeriod} />
      <Text size="sm">{t('reports.signs')}</Text>
      <Report kind="income" period={period} />
      <Report kind="balance" period={period} />
    </Stack>
  );
}

function Report({ kind, period }: { kind: 'balance' | 'income'; period: Period }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const valid = isPeriod(period);
  const report = useReport(kind, period, valid);
  const headingId = `report-${kind}`;
  const rows = report.data ?? [];
  // Debit is positive: the income report's sums, turned round, are the result (a profit positive).
  const sums = columns.map((_, index) => rows.reduce((sum, row) => sum + (figures(row)[index] ?? 0), 0));
  const totals = kind === 'income' ? sums.map((sum) => 0 - sum) : sums;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid={`report-${kind}`}>
      <Title order={2} size="h3" id={headingId}>
        {t(`reports.${kind}`)}
      </Title>
      {!valid ? null : report.isError ? (
        <LoadError>{t('reports.loadFailed')}</LoadError>
      ) : !report.data ? (
        <Loading section />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('reports.empty')}</Text>
      ) : (
        <ScrollTable minWidth={760} label={t(`reports.${kind}`)}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('reports.columns.account')}</Table.Th>
                <Table.Th scope="col">{t('reports.columns.name')}</Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column} scope="col" ta="right">
                    {t(`reports.columns.${column}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.Account} data-account={row.Account}>
                  <Table.Th scope="row" fw={500}>
                    {row.Account}
                  </Table.Th>
                  <Table.Td>{row.Name}</Table.Td>
                  {figures(row).map((ore, index) => (
                    <Table.Td key={columns[index]} ta="right" style={numeric}>
                      {money.kronor(ore)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700} data-testid={`report-${kind}-total`}>
                <Table.Th scope="row" colSpan={2}>
                  {t(kind === 'income' ? 'reports.result' : 'reports.sum')}
                </Table.Th>
                {totals.map((ore, index) => (
                  <Table.Td key={columns[index]} ta="right" style={numeric}>
                    {money.kronor(ore)}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
