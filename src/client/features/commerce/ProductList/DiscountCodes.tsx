import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiscountCode } from '../../../../shared/contract/commerce/orders';
import { DISCOUNT_CODE_PATTERN, DISCOUNT_LIMITS, type DiscountKind } from '../../../../shared/domain/commerce/orders';
import { call } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { ErrorAlert, LoadError, Loading } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { tone } from '../../../components/tone';
import { commerceKeys } from '../keys';
import { formatPrice, useShopLanguage } from '../price';

interface Values {
  code: string;
  kind: DiscountKind;
  /** Percent, or euros as typed. */
  amount: number | string;
  productId: string;
  validFrom: string;
  validTo: string;
  maxUses: number | string;
  active: boolean;
}

const NEW: DiscountCode = {
  Id: 0,
  Code: '',
  Kind: 'percent',
  Amount: 10,
  ProductId: 0,
  ValidFrom: null,
  ValidTo: null,
  MaxUses: null,
  Uses: 0,
  Active: true,
};

const day = (iso: string | null) => iso?.slice(0, 10) ?? '';

/** The shop's discount codes (administrators, a tab of /productlist): their use, and a dialog to make or change one. */
export function DiscountCodes({ products }: { products: { value: string; label: string }[] }) {
  const { t } = useTranslation('commerce');
  const language = useShopLanguage();
  const [editing, setEditing] = useState<DiscountCode | null>(null);
  const codes = useQuery({
    queryKey: commerceKeys.discountCodes,
    queryFn: async () => (await call('shop.php', 'get_discount_codes', {})).Codes,
  });
  const productName = (id: number) => products.find((p) => p.value === String(id))?.label ?? '—';
  const off = (code: DiscountCode) =>
    t('admin.discounts.off', {
      value: code.Kind === 'percent' ? `${code.Amount} %` : formatPrice(code.Amount, language),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text maw={640}>{t('admin.discounts.intro')}</Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(NEW)}>
          {t('admin.discounts.new')}
        </Button>
      </Group>
      {codes.isError ? (
        <LoadError>{t('admin.discounts.loadError')}</LoadError>
      ) : !codes.data ? (
        <Loading />
      ) : codes.data.length === 0 ? (
        <Text c="dimmed">{t('admin.discounts.empty')}</Text>
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table data-testid="discount-codes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.discounts.code')}</Table.Th>
                  <Table.Th scope="col">{t('admin.discounts.kind')}</Table.Th>
                  <Table.Th scope="col">{t('admin.discounts.product')}</Table.Th>
                  <Table.Th scope="col">
                    {t('admin.discounts.validFrom')} – {t('admin.discounts.validTo')}
                  </Table.Th>
                  <Table.Th scope="col">{t('admin.discounts.uses')}</Table.Th>
                  <Table.Th scope="col">{t('admin.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {codes.data.map((code) => (
                  <Table.Tr key={code.Id}>
                    <Table.Th scope="row">
                      <UnstyledButton
                        onClick={() => setEditing(code)}
                        aria-label={t('admin.discounts.edit', { code: code.Code })}
                        ff="monospace"
                        fw={600}
                        td="underline"
                      >
                        {code.Code}
                      </UnstyledButton>
                    </Table.Th>
                    <Table.Td>{off(code)}</Table.Td>
                    <Table.Td>
                      {code.ProductId ? productName(code.ProductId) : t('admin.discounts.anyProduct')}
                    </Table.Td>
                    <Table.Td>
                      {day(code.ValidFrom) || '…'} – {day(code.ValidTo) || '…'}
                    </Table.Td>
                    <Table.Td>
                      {code.Uses}
                      {code.MaxUses !== null && ` / ${code.MaxUses}`}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" {...tone(code.Active ? 'teal' : 'orange')}>
                        {code.Active ? t('admin.discounts.active') : t('admin.discounts.inactive')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.Id ? t('admin.discounts.edit', { code: editing.Code }) : t('admin.discounts.new')}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('admin.discounts.close') }}
      >
        {editing && <CodeForm key={editing.Id} code={editing} products={products} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}

function CodeForm({
  code,
  products,
  onDone,
}: {
  code: DiscountCode;
  products: { value: string; label: string }[];
  onDone(): void;
}) {
  const { t } = useTranslation('commerce');
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: {
      code: code.Code,
      kind: code.Kind,
      amount: code.Kind === 'amount' ? code.Amount / 100 : code.Amount,
      productId: String(code.ProductId),
      validFrom: day(code.ValidFrom),
      validTo: day(code.ValidTo),
      maxUses: code.MaxUses ?? '',
      active: code.Active,
    },
    validate: {
      code: (value) => (DISCOUNT_CODE_PATTERN.test(value.trim().toUpperCase()) ? null : t('admin.discounts.codeHint')),
      amount: (value, values) => {
        const limit = values.kind === 'percent' ? 100 : DISCOUNT_LIMITS.amountCents / 100;
        return typeof value === 'number' && value > 0 && value <= limit ? null : `1 – ${limit}`;
      },
      validTo: (value, values) =>
        value && values.validFrom && value < values.validFrom ? `> ${values.validFrom}` : null,
    },
  });
  const save = useMutation({
    mutationFn: (values: Values) =>
      call('shop.php', 'save_discount_code', {
        Code: {
          Id: code.Id,
          Code: values.code.trim(),
          Kind: values.kind,
          Amount: values.kind === 'amount' ? Math.round(Number(values.amount) * 100) : Number(values.amount),
          ProductId: Number(values.productId),
          ValidFrom: values.validFrom || null,
          ValidTo: values.validTo || null,
          MaxUses: values.maxUses === '' ? 0 : Number(values.maxUses),
          Active: values.active,
        },
      }),
    onSuccess: async () => {
      showToast(t('admin.discounts.saved'), 'green');
      await queryClient.invalidateQueries({ queryKey: commerceKeys.discountCodes });
      onDone();
    },
  });
  const percent = form.values.kind === 'percent';

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate data-testid="discount-form">
      <Stack gap="md">
        {save.isError && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
        <TextInput
          label={t('admin.discounts.code')}
          description={t('admin.discounts.codeHint')}
          maxLength={DISCOUNT_LIMITS.code}
          required
          autoCapitalize="characters"
          {...form.getInputProps('code')}
        />
        <SegmentedControl
          aria-label={t('admin.discounts.kind')}
          data={(['percent', 'amount'] as const).map((kind) => ({
            value: kind,
            label: t(`admin.discounts.kinds.${kind}`),
          }))}
          {...form.getInputProps('kind')}
          style={{ alignSelf: 'flex-start' }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={percent ? t('admin.discounts.percent') : t('admin.discounts.amount')}
            min={percent ? 1 : 0.01}
            max={percent ? 100 : DISCOUNT_LIMITS.amountCents / 100}
            decimalScale={percent ? 0 : 2}
            required
            {...form.getInputProps('amount')}
          />
          <NativeSelect
            label={t('admin.discounts.product')}
            data={[{ value: '0', label: t('admin.discounts.anyProduct') }, ...products]}
            {...form.getInputProps('productId')}
          />
          <TextInput type="date" label={t('admin.discounts.validFrom')} {...form.getInputProps('validFrom')} />
          <TextInput type="date" label={t('admin.discounts.validTo')} {...form.getInputProps('validTo')} />
          <NumberInput
            label={t('admin.discounts.maxUses')}
            description={t('admin.discounts.maxUsesHint')}
            min={1}
            max={DISCOUNT_LIMITS.maxUses}
            allowDecimal={false}
            {...form.getInputProps('maxUses')}
          />
        </SimpleGrid>
        <Switch label={t('admin.discounts.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('admin.discounts.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
