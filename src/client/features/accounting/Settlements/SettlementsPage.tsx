import { Anchor, Button, Container, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCloudDownload, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Settlement } from '../../../../shared/contract/accounting/accounting';
import { PAYPAL_REPORT_MAX_CHARS, type SettlementProvider } from '../../../../shared/domain/accounting/settlements';
import { call } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError, Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { showToast } from '../../../components/toast';
import { useAddressChange } from '../../../components/useAddressChange';
import { ScrollTable } from '../components/ScrollTable';
import { accountingKeys } from '../keys';
import { useMoney } from '../money';
import { formatDay } from '../period';
import { SettlementDrawer, SettlementStatus, useSettlementChanged } from './SettlementDrawer';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * /sp (Stripe payouts) and /pp (PayPal settlements), administrators: each settlement of the provider with what it
 * paid out, its fees and whether it is booked; a settlement opens in a drawer (`?id=`) with its movements, where a
 * movement that matched nothing is resolved. Stripe's payouts come by themselves (its webhook) or are fetched here;
 * PayPal's settlement reports are uploaded.
 */
export default function SettlementsPage({ provider }: { provider: SettlementProvider }) {
  const { t } = useTranslation('accounting');
  const phone = useMediaQuery('(max-width: 48em)');
  const [params, change] = useAddressChange();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const openId = Math.max(0, Number(params.get('id')) || 0);
  const list = useQuery({
    queryKey: accountingKeys.settlements.list(provider, page),
    queryFn: () => call('accounting.php', 'get_settlements', { Provider: provider, Page: page }),
  });
  const answer = list.data;
  return (
    <Container size="xl" py="xl">
      <PageHeading title={t(`settlements.${provider}.title`)} intro={t(`settlements.${provider}.intro`)} />
      <Stack gap="lg">
        <Anchor component={Link} to="/accounting" size="sm">
          {t('mainbook.back')}
        </Anchor>
        {provider === 'stripe' ? <FetchPayouts /> : <UploadReport onTaken={(id) => change({ id: String(id) })} />}
        <Title order={2} size="h3">
          {t(`settlements.${provider}.heading`)}
        </Title>
        {list.isError && !answer ? (
          <LoadError>{t('settlements.loadFailed')}</LoadError>
        ) : !answer ? (
          <Loading section />
        ) : answer.data.length === 0 ? (
          <Text c="dimmed">{t(`settlements.${provider}.empty`)}</Text>
        ) : (
          <SettlementTable rows={answer.data} onOpen={(id) => change({ id: String(id) })} />
        )}
        {(answer?.TotalPages ?? 0) > 1 && (
          <ListPagination
            label={t('settlements.pagination')}
            total={answer?.TotalPages ?? 1}
            page={page}
            onChange={(next) => change({ page: next > 1 ? String(next) : null })}
            compact={phone}
          />
        )}
      </Stack>
      <SettlementDrawer settlementId={openId} onClose={() => change({ id: null })} />
    </Container>
  );
}

function SettlementTable({ rows, onOpen }: { rows: Settlement[]; onOpen(id: number): void }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  return (
    <ScrollTable minWidth={760} label={t('settlements.tableLabel')}>
      <Table striped highlightOnHover data-testid="settlements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('settlements.columns.date')}</Table.Th>
            <Table.Th scope="col">{t('settlements.columns.reference')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('settlements.columns.amount')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('settlements.columns.fees')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('settlements.columns.lines')}
            </Table.Th>
            <Table.Th scope="col">{t('settlements.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.Id} data-testid="settlement-row">
              <Table.Td style={numeric}>{formatDay(row.Date)}</Table.Td>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => onOpen(row.Id)}
                  style={{ wordBreak: 'break-all', textAlign: 'left' }}
                >
                  {row.Reference}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {money.euros(row.AmountCents)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {money.euros(row.FeeCents)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {row.Lines}
              </Table.Td>
              <Table.Td>
                <SettlementStatus settlement={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function FetchPayouts() {
  const { t } = useTranslation('accounting');
  const changed = useSettlementChanged();
  const fetchPayouts = useMutation({
    mutationFn: () => call('orders.php', 'import_payouts', {}),
    onSuccess: changed,
  });
  const run = async () => {
    try {
      const answer = await fetchPayouts.mutateAsync();
      showToast(t('settlements.stripe.fetched', { count: answer.Imported }), 'green');
    } catch (error) {
      showToast(errorText(error), 'red');
    }
  };
  return (
    <Group gap="sm" align="center">
      <Button
        variant="default"
        leftSection={<IconCloudDownload size={16} aria-hidden />}
        loading={fetchPayouts.isPending}
        onClick={() => void run()}
        data-testid="fetch-payouts"
      >
        {t('settlements.stripe.fetch')}
      </Button>
      <Text size="sm" c="dimmed">
        {t('settlements.stripe.fetchHint')}
      </Text>
    </Group>
  );
}

function UploadReport({ onTaken }: { onTaken(id: number): void }) {
  const { t } = useTranslation('accounting');
  const changed = useSettlementChanged();
  const upload = useMutation({
    mutationFn: (text: string) => call('accounting.php', 'upload_paypal_report', { Text: text }),
    onSuccess: changed,
  });
  const take = async (file: File | null) => {
    if (!file) return;
    if (file.size > PAYPAL_REPORT_MAX_CHARS * 2) {
      showToast(t('settlements.paypal.tooLarge'), 'red');
      return;
    }
    try {
      const answer = await upload.mutateAsync(await file.text());
      showToast(t(answer.Created ? 'settlements.paypal.taken' : 'settlements.paypal.known'), 'green');
      onTaken(answer.data.Id);
    } catch (error) {
      showToast(errorText(error), 'red');
    }
  };
  return (
    <Group gap="sm" align="center">
      <FileButton onChange={(file) => void take(file)} accept=".csv,text/csv,text/plain">
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={upload.isPending}
            data-testid="upload-report"
          >
            {t('settlements.paypal.upload')}
          </Button>
        )}
      </FileButton>
      <Text size="sm" c="dimmed">
        {t('settlements.paypal.uploadHint')}
      </Text>
    </Group>
  );
}
