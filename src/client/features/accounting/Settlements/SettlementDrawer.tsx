import { Button, Card, Drawer, Group, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settlement, SettlementLine } from '../../../../shared/contract/accounting/accounting';
import { call } from '../../../app/api';
import { errorText, isMissing } from '../../../components/errorText';
import { ErrorAlert, Loading } from '../../../components/LoadState';
import { ToneBadge } from '../../../components/tone';
import { ScrollTable } from '../components/ScrollTable';
import { accountingKeys } from '../keys';
import { useMoney } from '../money';
import { formatDay } from '../period';

/** A settlement's state as a badge whose colour goes with its word. */
export function SettlementStatus({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation('accounting');
  return (
    <ToneBadge tone={settlement.Status === 'booked' ? 'teal' : 'orange'} data-testid="settlement-status">
      {t(`settlements.statuses.${settlement.Status}`)}
    </ToneBadge>
  );
}

/** A settlement taken or resolved moves the books: its list, and every report of the ledger. */
export function useSettlementChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountingKeys.ledger.all }),
      queryClient.invalidateQueries({ queryKey: accountingKeys.invoices.all }),
    ]);
}

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const targets = ['order', 'invoice', 'account'] as const;
type Target = (typeof targets)[number];

/** One settlement in a drawer: its figures, its movements with what each is matched to, and those that wait. */
export function SettlementDrawer({ settlementId, onClose }: { settlementId: number; onClose(): void }) {
  const { t } = useTranslation('accounting');
  const phone = useMediaQuery('(max-width: 48em)');
  const detail = useQuery({
    queryKey: accountingKeys.settlements.detail(settlementId),
    queryFn: () => call('accounting.php', 'get_settlement', { Id: settlementId }),
    enabled: settlementId > 0,
    retry: 1,
  });
  return (
    <Drawer
      opened={settlementId > 0}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={detail.data ? detail.data.data.Reference : t('settlements.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700, wordBreak: 'break-all' } }}
      data-testid="settlement-drawer"
    >
      {detail.isError && !detail.data ? (
        <ErrorAlert>{isMissing(detail.error) ? t('settlements.notFound') : t('settlements.loadFailed')}</ErrorAlert>
      ) : !detail.data ? (
        <Loading section />
      ) : (
        <SettlementView settlement={detail.data.data} lines={detail.data.Lines} />
      )}
    </Drawer>
  );
}

function SettlementView({ settlement, lines }: { settlement: Settlement; lines: SettlementLine[] }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const waiting = lines.filter((line) => line.Waiting);
  return (
    <Stack gap="lg">
      <Group gap="lg">
        <SettlementStatus settlement={settlement} />
        <Text size="sm">{formatDay(settlement.Date)}</Text>
        <Text size="sm">
          {t(`settlements.${settlement.Provider}.amount`)}: <b>{money.euros(settlement.AmountCents)}</b>
        </Text>
        <Text size="sm">
          {t('settlements.columns.fees')}: <b>{money.euros(settlement.FeeCents)}</b>
        </Text>
      </Group>
      {waiting.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="settlement-waiting">
          <Title order={3} size="h4" id="settlement-waiting">
            {t('settlements.waiting', { count: waiting.length })}
          </Title>
          <Text size="sm">{t('settlements.waitingIntro')}</Text>
          {waiting.map((line) => (
            <ResolveLine key={line.Id} line={line} />
          ))}
        </Stack>
      )}
      <Stack gap="sm" component="section" aria-labelledby="settlement-lines">
        <Title order={3} size="h4" id="settlement-lines">
          {t('settlements.lines')}
        </Title>
        <ScrollTable minWidth={640} label={t('settlements.lines')}>
          <Table data-testid="settlement-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('settlements.columns.date')}</Table.Th>
                <Table.Th scope="col">{t('settlements.columns.kind')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('settlements.columns.gross')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('settlements.columns.fee')}
                </Table.Th>
                <Table.Th scope="col">{t('settlements.columns.matched')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.Id}>
                  <Table.Td style={numeric}>{formatDay(line.Date)}</Table.Td>
                  <Table.Td>
                    {t(`settlements.kinds.${line.Kind}`)}
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {line.Reference}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={numeric}>
                    {money.euros(line.AmountCents)}
                  </Table.Td>
                  <Table.Td ta="right" style={numeric}>
                    {money.euros(line.FeeCents)}
                  </Table.Td>
                  <Table.Td>
                    <Matched line={line} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    </Stack>
  );
}

function Matched({ line }: { line: SettlementLine }) {
  const { t } = useTranslation('accounting');
  if (line.Waiting) return <ToneBadge tone="orange">{t('settlements.statuses.unmatched')}</ToneBadge>;
  if (line.MatchedNumber !== null)
    return <Text size="sm">{t('settlements.matchedInvoice', { number: line.MatchedNumber })}</Text>;
  if (line.Account > 0) return <Text size="sm">{t('settlements.matchedAccount', { account: line.Account })}</Text>;
  return (
    <Text size="sm" c="dimmed">
      {t(line.Kind === 'transfer' ? 'settlements.toBank' : 'settlements.feesOnly')}
    </Text>
  );
}

/** A movement that matched nothing: the order or invoice it belongs to, or the account it goes to. */
function ResolveLine({ line }: { line: SettlementLine }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const changed = useSettlementChanged();
  const [target, setTarget] = useState<Target>(line.Kind === 'other' ? 'account' : 'order');
  const [value, setValue] = useState<number | string>('');
  const resolve = useMutation({
    mutationFn: (number: number) =>
      call('accounting.php', 'resolve_settlement_line', {
        Id: line.Id,
        OrderId: target === 'order' ? number : 0,
        InvoiceNumber: target === 'invoice' ? number : 0,
        Account: target === 'account' ? number : 0,
      }),
    onSuccess: changed,
  });
  const number = typeof value === 'number' ? value : Number.NaN;
  const choices = line.Kind === 'other' ? (['account'] as const) : targets;
  const headingId = `resolve-${line.Id}`;
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby={headingId} data-testid="resolve-line">
      <Text size="sm" fw={600} id={headingId} mb="xs">
        {t(`settlements.kinds.${line.Kind}`)} · {formatDay(line.Date)} · {money.euros(line.AmountCents)}{' '}
        <Text span size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {line.Reference}
        </Text>
      </Text>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('settlements.resolve.target')}
          data={choices.map((each) => ({ value: each, label: t(`settlements.resolve.targets.${each}`) }))}
          value={target}
          onChange={(next) => next && setTarget(next as Target)}
          allowDeselect={false}
          w={180}
        />
        <NumberInput
          label={t(`settlements.resolve.numbers.${target}`)}
          value={value}
          onChange={setValue}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          w={160}
          data-testid="resolve-number"
        />
        <Button
          disabled={!Number.isInteger(number) || number < 1}
          loading={resolve.isPending}
          onClick={() => resolve.mutate(number)}
          data-testid="resolve-submit"
        >
          {t('settlements.resolve.submit')}
        </Button>
      </Group>
      {resolve.error && <ErrorAlert mt="xs">{errorText(resolve.error)}</ErrorAlert>}
    </Card>
  );
}
