import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, download } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { LoadError, Loading } from '../../../components/LoadState';
import { saveFile } from '../../../components/saveFile';
import { showToast } from '../../../components/toast';
import { PeriodPicker } from '../components/PeriodPicker';
import { ScrollTable } from '../components/ScrollTable';
import { accountingKeys } from '../keys';
import { useMoney } from '../money';
import { isPeriod, type Period } from '../period';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const boxes = ['05', '10', '30', '39', '40', '48', '49'] as const;

/** The "VAT" tab: the OSS return of a quarter, and the Swedish VAT return's boxes and EC sales list of the period. */
export function VatReports({ period, onPeriod }: { period: Period; onPeriod(period: Period): void }) {
  return (
    <Stack gap="xl">
      <OssReturn />
      <PeriodPicker period={period} onChange={onPeriod} />
      <VatReturn period={period} />
      <EcSalesList period={period} />
    </Stack>
  );
}

const currentQuarter = () => {
  const now = new Date();
  return { year: now.getFullYear(), quarter: Math.floor(now.getMonth() / 3) + 1 };
};

/** The One-Stop-Shop return of a quarter, in euros, with its match against the books and its CSV. */
export function OssReturn() {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const [{ year, quarter }, setQuarter] = useState(currentQuarter);
  const [busy, setBusy] = useState(false);
  const oss = useQuery({
    queryKey: accountingKeys.vat.oss(year, quarter),
    queryFn: () => call('accounting.php', 'get_oss', { Year: year, Quarter: quarter }),
  });
  const years = Array.from({ length: 6 }, (_, i) => String(currentQuarter().year - i)).filter((y) => Number(y) >= 2021);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const { blob, name } = await download('accounting.php', 'export_oss', { Year: year, Quarter: quarter });
      saveFile(blob, name);
    } catch (error) {
      showToast(errorText(error), 'red');
    } finally {
      setBusy(false);
    }
  };
  const percent = (bp: number) => `${(bp / 100).toLocaleString(money.language === 'sv' ? 'sv-SE' : 'en-GB')} %`;
  return (
    <Stack gap="sm" component="section" aria-labelledby="oss-heading" data-testid="oss-return">
      <Title order={2} size="h3" id="oss-heading">
        {t('vat.oss.heading')}
      </Title>
      <Text size="sm">{t('vat.oss.intro')}</Text>
      <Group align="flex-end">
        <Select
          label={t('vat.oss.year')}
          data={years}
          value={String(year)}
          onChange={(value) => value && setQuarter({ year: Number(value), quarter })}
          allowDeselect={false}
          w={120}
        />
        <Select
          label={t('vat.oss.quarter')}
          data={[1, 2, 3, 4].map((q) => ({ value: String(q), label: `Q${q}` }))}
          value={String(quarter)}
          onChange={(value) => value && setQuarter({ year, quarter: Number(value) })}
          allowDeselect={false}
          w={120}
        />
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportCsv} loading={busy}>
          {t('vat.oss.csv')}
        </Button>
      </Group>
      {oss.isError ? (
        <LoadError>{t('reports.loadFailed')}</LoadError>
      ) : !oss.data ? (
        <Loading section />
      ) : (
        <>
          {oss.data.Rows.length === 0 && oss.data.Corrections.length === 0 ? (
            <Text>{t('vat.oss.empty')}</Text>
          ) : (
            <ScrollTable minWidth={520} label={t('vat.oss.heading')}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('vat.oss.country')}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('vat.oss.rate')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('vat.oss.taxable')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('vat.oss.vat')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {oss.data.Rows.map((row) => (
                    <Table.Tr key={`${row.Country} ${row.RateBp}`} data-country={row.Country}>
                      <Table.Th scope="row">{row.Country}</Table.Th>
                      <Table.Td ta="right" style={numeric}>
                        {percent(row.RateBp)}
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {money.euros(row.TaxableCents)}
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {money.euros(row.VatCents)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {oss.data.Corrections.map((row) => (
                    <Table.Tr key={`${row.Quarter} ${row.Country}`}>
                      <Table.Th scope="row">
                        {t('vat.oss.correction', { country: row.Country, quarter: row.Quarter })}
                      </Table.Th>
                      <Table.Td />
                      <Table.Td />
                      <Table.Td ta="right" style={numeric}>
                        {money.euros(row.VatCents)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr fw={700}>
                    <Table.Th scope="row" colSpan={3}>
                      {t('vat.oss.total')}
                    </Table.Th>
                    <Table.Td ta="right" style={numeric} data-testid="oss-total">
                      {money.euros(oss.data.TotalVatCents)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </ScrollTable>
          )}
          <Text size="sm" data-testid="oss-books">
            {oss.data.BooksVatCents === oss.data.TotalVatCents
              ? t('vat.oss.matches', { amount: money.euros(oss.data.BooksVatCents) })
              : t('vat.oss.differs', { amount: money.euros(oss.data.BooksVatCents) })}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** The Swedish VAT return's boxes of the period, in whole kronor. */
function VatReturn({ period }: { period: Period }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const valid = isPeriod(period);
  const answer = useQuery({
    queryKey: accountingKeys.vat.vatReturn(period.from, period.to),
    queryFn: () => call('accounting.php', 'get_vat_return', { From: period.from, To: period.to }),
    enabled: valid,
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="vat-return-heading" data-testid="vat-return">
      <Title order={2} size="h3" id="vat-return-heading">
        {t('vat.return.heading')}
      </Title>
      <Text size="sm">{t('vat.return.intro')}</Text>
      {!valid ? null : answer.isError ? (
        <LoadError>{t('reports.loadFailed')}</LoadError>
      ) : !answer.data ? (
        <Loading section />
      ) : (
        <ScrollTable minWidth={480} label={t('vat.return.heading')}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('vat.return.box')}</Table.Th>
                <Table.Th scope="col">{t('vat.return.what')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('vat.return.amount')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {boxes.map((box) => (
                <Table.Tr key={box} data-box={box}>
                  <Table.Th scope="row">{box}</Table.Th>
                  <Table.Td>{t(`vat.return.boxes.${box}`)}</Table.Td>
                  <Table.Td ta="right" style={numeric}>
                    {money.wholeKronor(answer.data.Boxes[box])}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}

/** The EC sales list of the period: the services sold under reverse charge, per buyer's VAT number. */
function EcSalesList({ period }: { period: Period }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const valid = isPeriod(period);
  const answer = useQuery({
    queryKey: accountingKeys.vat.ecSales(period.from, period.to),
    queryFn: () => call('accounting.php', 'get_ec_sales', { From: period.from, To: period.to }),
    enabled: valid,
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="ec-heading" data-testid="ec-sales">
      <Title order={2} size="h3" id="ec-heading">
        {t('vat.ec.heading')}
      </Title>
      {!valid ? null : answer.isError ? (
        <LoadError>{t('reports.loadFailed')}</LoadError>
      ) : !answer.data ? (
        <Loading section />
      ) : answer.data.data.length === 0 ? (
        <Text>{t('vat.ec.empty')}</Text>
      ) : (
        <ScrollTable minWidth={480} label={t('vat.ec.heading')}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('vat.ec.vatNumber')}</Table.Th>
                <Table.Th scope="col">{t('vat.ec.name')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('vat.ec.services')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.data.data.map((row) => (
                <Table.Tr key={row.VatNumber}>
                  <Table.Th scope="row">{row.VatNumber}</Table.Th>
                  <Table.Td>{row.Name}</Table.Td>
                  <Table.Td ta="right" style={numeric}>
                    {money.wholeKronor(row.Services)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
