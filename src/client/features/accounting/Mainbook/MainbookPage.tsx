import { Anchor, Card, Container, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { accounting } from '../../../../shared/contract/accounting/accounting';
import type { CallAnswer } from '../../../../shared/contract/define';
import { isAdminRole } from '../../../../shared/domain/roles';
import { useSession } from '../../../app/session';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError, Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { useAddressChange } from '../../../components/useAddressChange';
import { PeriodPicker } from '../components/PeriodPicker';
import { ScrollTable } from '../components/ScrollTable';
import { useMoney } from '../money';
import { formatDay, isPeriod, type Period, periodFromSearch } from '../period';
import { useBooks, useMainbook } from '../queries';

type Mainbook = CallAnswer<typeof accounting.calls.get_mainbook>;
const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * /accounting/mainbook (signed in): for an administrator the main book of a period (`?from=&to=`), each account's
 * transactions with the running balance, or one account's (`?account=`), 2,000 lines a page (`?page=`); for anyone else her own account statement:
 * her invoices, credit notes and payments, and what she owes.
 */
export default function MainbookPage() {
  const { t } = useTranslation('accounting');
  const { user } = useSession();
  const admin = user !== null && isAdminRole(user.UserType, user.privilegies);
  const [params, change] = useAddressChange();
  const period = periodFromSearch(params);
  const account = Number(params.get('account')) || 0;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const valid = isPeriod(period);
  const book = useMainbook(user?.Id ?? 0, period, admin ? account : 0, page, valid && user !== null);
  const phone = useMediaQuery('(max-width: 48em)');
  const books = useBooks(admin);

  const setPeriod = (next: Period) => change({ from: next.from, to: next.to, page: null });

  return (
    <Container size="xl" py="xl">
      <PageHeading
        title={t(admin ? 'mainbook.title' : 'statement.title')}
        intro={t(admin ? 'mainbook.intro' : 'statement.intro')}
      />
      <Stack gap="lg">
        {admin && (
          <Anchor component={Link} to="/accounting" size="sm">
            {t('mainbook.back')}
          </Anchor>
        )}
        <PeriodPicker period={period} onChange={setPeriod} />
        {admin && (
          <Select
            label={t('mainbook.account')}
            placeholder={t('mainbook.allAccounts')}
            data={(books.data?.Accounts ?? []).map((each) => ({
              value: String(each.Number),
              label: `${each.Number} ${each.Name}`,
            }))}
            value={account ? String(account) : null}
            onChange={(value) => change({ account: value, page: null })}
            searchable
            clearable
            nothingFoundMessage={t('voucherForm.noAccount')}
            maw={480}
            data-testid="mainbook-account"
          />
        )}
        {!valid ? null : book.isError && !book.data ? (
          <LoadError>{t('mainbook.loadFailed')}</LoadError>
        ) : !book.data ? (
          <Loading />
        ) : book.data.Kind === 'mainbook' ? (
          <>
            <MainbookAccounts accounts={book.data.Accounts} />
            {book.data.TotalPages > 1 && (
              <ListPagination
                label={t('mainbook.pagination')}
                total={book.data.TotalPages}
                page={page}
                onChange={(next) => change({ page: next > 1 ? String(next) : null })}
                compact={phone}
              />
            )}
          </>
        ) : (
          <Statement entries={book.data.Statement} />
        )}
      </Stack>
    </Container>
  );
}

function MainbookAccounts({ accounts }: { accounts: Mainbook['Accounts'] }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  if (accounts.length === 0) return <Text c="dimmed">{t('mainbook.empty')}</Text>;
  return (
    <Stack gap="xl">
      {accounts.map((account) => {
        const headingId = `mainbook-${account.Account}`;
        return (
          <Stack
            key={account.Account}
            gap="xs"
            component="section"
            aria-labelledby={headingId}
            data-testid="mainbook-account-section"
          >
            <Title order={2} size="h4" id={headingId}>
              {account.Account} {account.Name}
            </Title>
            <ScrollTable minWidth={680} label={`${account.Account} ${account.Name}`}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('mainbook.columns.date')}</Table.Th>
                    <Table.Th scope="col">{t('mainbook.columns.voucher')}</Table.Th>
                    <Table.Th scope="col">{t('mainbook.columns.text')}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('mainbook.columns.amount')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('mainbook.columns.balance')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr fw={600}>
                    <Table.Th scope="row" colSpan={4}>
                      {t('mainbook.opening')}
                    </Table.Th>
                    <Table.Td ta="right" style={numeric}>
                      {money.kronor(account.OpeningOre)}
                    </Table.Td>
                  </Table.Tr>
                  {account.Lines.map((line, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a voucher may have two lines on one account
                    <Table.Tr key={`${line.VoucherId}-${index}`}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(line.Date)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.Voucher}</Table.Td>
                      <Table.Td>{line.Text}</Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {money.kronor(line.AmountOre)}
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {money.kronor(line.BalanceOre)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr fw={700}>
                    <Table.Th scope="row" colSpan={4}>
                      {t('mainbook.closing')}
                    </Table.Th>
                    <Table.Td ta="right" style={numeric}>
                      {money.kronor(account.ClosingOre)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </ScrollTable>
          </Stack>
        );
      })}
    </Stack>
  );
}

function Statement({ entries }: { entries: Mainbook['Statement'] }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  if (entries.length === 0) {
    return (
      <Card withBorder padding="lg" data-testid="statement-empty">
        <Text fw={600}>{t('statement.emptyTitle')}</Text>
        <Text size="sm" mt={4}>
          {t('statement.empty')}
        </Text>
      </Card>
    );
  }
  const balance = entries[entries.length - 1]?.BalanceCents ?? 0;
  return (
    <Stack gap="sm">
      <ScrollTable minWidth={560} label={t('statement.title')}>
        <Table striped data-testid="statement">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('statement.columns.date')}</Table.Th>
              <Table.Th scope="col">{t('statement.columns.kind')}</Table.Th>
              <Table.Th scope="col">{t('statement.columns.number')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('statement.columns.amount')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('statement.columns.balance')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the statement is read whole, in its order
              <Table.Tr key={index}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(entry.Date)}</Table.Td>
                <Table.Td>{t(`statement.kinds.${entry.Kind}`)}</Table.Td>
                <Table.Td>{entry.Number ?? '—'}</Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {money.euros(entry.AmountCents)}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {money.euros(entry.BalanceCents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Text fw={600} data-testid="statement-balance">
        {t('statement.balance', { amount: money.euros(balance) })}
      </Text>
    </Stack>
  );
}
