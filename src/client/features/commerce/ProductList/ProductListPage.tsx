import { Anchor, Badge, Button, Card, Container, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { products } from '../../../../shared/contract/commerce/products';
import type { CallAnswer } from '../../../../shared/contract/define';
import { isAdminRole } from '../../../../shared/domain/roles';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { LoadError, Loading } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { tone } from '../../../components/tone';
import { commerceKeys } from '../keys';
import { formatPrice, useShopLanguage } from '../price';
import { DiscountCodes } from './DiscountCodes';
import { ShopSettings } from './ShopSettings';

type Item = CallAnswer<typeof products.calls.get_product_list>['Products'][number];

/** A product's state in the list: archived, a draft, or in the shop. */
function StatusBadge({ item }: { item: Item }) {
  const { t } = useTranslation('commerce');
  if (item.Archived)
    return (
      <Badge variant="light" {...tone('orange')}>
        {t('admin.archived')}
      </Badge>
    );
  if (!item.Published)
    return (
      <Badge variant="light" {...tone('yellow')}>
        {t('admin.draft')}
      </Badge>
    );
  return (
    <Badge variant="light" {...tone('teal')}>
      {t('admin.published')}
    </Badge>
  );
}

const tabs = ['products', 'discounts', 'settings'] as const;
type Tab = (typeof tabs)[number];

/**
 * /productlist (staff): every product of the site with its state, each opening its editor, a new one from here; for
 * administrators also the discount codes and the payment settings, as tabs (`?tab=`).
 */
export default function ProductListPage() {
  const { t } = useTranslation('commerce');
  const language = useShopLanguage();
  const { user } = useSession();
  const isAdmin = user !== null && isAdminRole(user.UserType, user.privilegies);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: Tab = isAdmin && tabs.includes(asked as Tab) ? (asked as Tab) : 'products';
  const list = useQuery({
    queryKey: commerceKeys.list(language),
    queryFn: async () => (await call('products.php', 'get_product_list', { Language: language })).Products,
  });

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-start">
        <div>
          <PageHeading title={t('admin.title')} intro={t('admin.intro')} />
        </div>
        <Button component={Link} to="/productlist/0" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('admin.new')}
        </Button>
      </Group>
      {isAdmin ? (
        <Tabs
          value={tab}
          onChange={(value) => setSearch(value === 'products' ? {} : { tab: value ?? '' })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {tabs.map((each) => (
              <Tabs.Tab key={each} value={each}>
                {t(`admin.tabs.${each}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="products">
            <ProductTable list={list} language={language} />
          </Tabs.Panel>
          <Tabs.Panel value="discounts">
            <DiscountCodes products={(list.data ?? []).map((item) => ({ value: String(item.Id), label: item.Name }))} />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            <ShopSettings />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <ProductTable list={list} language={language} />
      )}
    </Container>
  );
}

function ProductTable({ list, language }: { list: { isError: boolean; data: Item[] | undefined }; language: string }) {
  const { t } = useTranslation('commerce');
  return (
    <>
      {list.isError ? (
        <LoadError>{t('products.loadError')}</LoadError>
      ) : !list.data ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <Text>{t('admin.empty')}</Text>
      ) : (
        <>
          <Table striped visibleFrom="sm" data-testid="product-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin.name')}</Table.Th>
                <Table.Th scope="col">{t('admin.kind')}</Table.Th>
                <Table.Th scope="col">{t('admin.price')}</Table.Th>
                <Table.Th scope="col">{t('admin.status')}</Table.Th>
                <Table.Th scope="col">{t('admin.order')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((item) => (
                <Table.Tr key={item.Id} data-slug={item.Slug}>
                  <Table.Th scope="row" fw={500}>
                    <Anchor component={Link} to={`/productlist/${item.Id}`} lang={item.Language}>
                      {item.Name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{t(`kinds.${item.Kind}`)}</Table.Td>
                  <Table.Td>{formatPrice(item.PriceCents, language)}</Table.Td>
                  <Table.Td>
                    <StatusBadge item={item} />
                  </Table.Td>
                  <Table.Td>{item.SortOrder}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack hiddenFrom="sm" gap="sm">
            {list.data.map((item) => (
              <Card key={item.Id} withBorder padding="md">
                <Anchor component={Link} to={`/productlist/${item.Id}`} fw={600} lang={item.Language}>
                  {item.Name}
                </Anchor>
                <Group gap="xs" mt={6}>
                  <Text size="sm">{t(`kinds.${item.Kind}`)}</Text>
                  <Text size="sm">{formatPrice(item.PriceCents, language)}</Text>
                  <StatusBadge item={item} />
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </>
  );
}
