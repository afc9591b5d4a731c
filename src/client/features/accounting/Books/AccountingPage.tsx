import { Anchor, Container, Group, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { useAddressChange } from '../../../components/useAddressChange';
import { type Period, periodFromSearch } from '../period';
import { AuditTrail } from './AuditTrail';
import { BooksSettings } from './BooksSettings';
import { ChartOfAccounts } from './ChartOfAccounts';
import { ExportBooks } from './ExportBooks';
import { Reports } from './Reports';
import { VatReports } from './VatReports';
import { Vouchers } from './Vouchers';

const tabs = ['reports', 'vouchers', 'vat', 'chart', 'settings', 'export', 'audit'] as const;
type Tab = (typeof tabs)[number];

/**
 * /accounting (administrators): the books in tabs named in the address (`?tab=`): the balance and income reports
 * and the vouchers of a period (`?from=&to=`, shared by both), the VAT reports (OSS, the VAT return, the EC sales
 * list), the chart of accounts, the settings with the fiscal
 * years, closing and exchange rates, the SIE export, and the audit trail.
 */
export default function AccountingPage() {
  const { t } = useTranslation('accounting');
  const [params, change] = useAddressChange();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'reports';
  const period = periodFromSearch(params);

  const setPeriod = (next: Period) => change({ from: next.from, to: next.to, page: null });

  return (
    <Container size="xl" py="xl">
      <PageHeading title={t('books.title')} intro={t('books.intro')} />
      <Group gap="md" mb="md" component="nav" aria-label={t('settlements.links')}>
        <Text size="sm" fw={600}>
          {t('settlements.links')}:
        </Text>
        <Anchor component={Link} to="/sp" size="sm">
          {t('settlements.stripe.title')}
        </Anchor>
        <Anchor component={Link} to="/pp" size="sm">
          {t('settlements.paypal.title')}
        </Anchor>
      </Group>
      <Tabs value={tab} onChange={(value) => change({ tab: value === 'reports' ? null : value })} keepMounted={false}>
        <Tabs.List mb="lg">
          {tabs.map((each) => (
            <Tabs.Tab key={each} value={each} data-testid={`tab-${each}`}>
              {t(`books.tabs.${each}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="reports">
          <Reports period={period} onPeriod={setPeriod} />
        </Tabs.Panel>
        <Tabs.Panel value="vouchers">
          <Vouchers
            period={period}
            onPeriod={setPeriod}
            page={Math.max(1, Number(params.get('page')) || 1)}
            onPage={(page) => change({ page: page > 1 ? String(page) : null })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="vat">
          <VatReports period={period} onPeriod={setPeriod} />
        </Tabs.Panel>
        <Tabs.Panel value="chart">
          <ChartOfAccounts />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <BooksSettings />
        </Tabs.Panel>
        <Tabs.Panel value="export">
          <ExportBooks />
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <AuditTrail
            page={Math.max(1, Number(params.get('page')) || 1)}
            onPage={(page) => change({ page: page > 1 ? String(page) : null })}
          />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
