import { Anchor, Badge, Button, Card, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPaperclip, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Voucher } from '../../../../shared/contract/accounting/accounting';
import { MAX_ATTACHMENT_BYTES } from '../../../../shared/domain/accounting/attachments';
import { upload } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError, Loading } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { PeriodPicker } from '../components/PeriodPicker';
import { ScrollTable } from '../components/ScrollTable';
import { accountingKeys } from '../keys';
import { useMoney } from '../money';
import { formatDay, isPeriod, type Period } from '../period';
import { useVouchers } from '../queries';
import { VoucherModal } from './VoucherForm';

type VoucherData = z.infer<typeof Voucher>;
const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const sources = ['invoice', 'credit_note', 'payment', 'refund', 'fee', 'payout', 'exchange', 'manual'] as const;

/** The "Vouchers" tab: the period's vouchers, newest first, each with its lines; a new manual voucher. */
export function Vouchers({
  period,
  onPeriod,
  page,
  onPage,
}: {
  period: Period;
  onPeriod(period: Period): void;
  page: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('accounting');
  const phone = useMediaQuery('(max-width: 48em)');
  const valid = isPeriod(period);
  const vouchers = useVouchers(period, page, valid);
  const [creating, setCreating] = useState(false);
  const answer = vouchers.data;
  const totalPages = answer?.TotalPages ?? 0;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <PeriodPicker period={period} onChange={onPeriod} />
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setCreating(true)}
          data-testid="voucher-create"
        >
          {t('vouchers.create')}
        </Button>
      </Group>
      <Title order={2} size="h3">
        {t('vouchers.heading')}
      </Title>
      {!valid ? null : vouchers.isError && !answer ? (
        <LoadError>{t('vouchers.loadFailed')}</LoadError>
      ) : !answer ? (
        <Loading section />
      ) : answer.data.length === 0 ? (
        <Text c="dimmed">{t('vouchers.empty')}</Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {answer.data.map((voucher) => (
            <VoucherCard key={voucher.Id} voucher={voucher} />
          ))}
        </Stack>
      )}
      {totalPages > 1 && (
        <ListPagination
          label={t('vouchers.pagination')}
          total={totalPages}
          page={page}
          onChange={onPage}
          compact={phone}
        />
      )}
      <VoucherModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function VoucherCard({ voucher }: { voucher: VoucherData }) {
  const { t } = useTranslation('accounting');
  const money = useMoney();
  const source = sources.find((each) => each === voucher.Source);
  const headingId = `voucher-${voucher.Id}`;
  return (
    <Card withBorder padding="sm" component="li" aria-labelledby={headingId} data-testid="voucher">
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={3} size="h5" id={headingId}>
          {t('vouchers.name', { series: voucher.Series, number: voucher.Number })} · {formatDay(voucher.Date)}
        </Title>
        <Group gap="xs">
          <Badge variant="outline" color="gray" c="var(--mantine-color-text)">
            {source ? t(`vouchers.sources.${source}`) : voucher.Source}
          </Badge>
          {voucher.CorrectsVoucherId > 0 && (
            <Text size="sm">{t('vouchers.corrects', { id: voucher.CorrectsVoucherId })}</Text>
          )}
        </Group>
      </Group>
      <Text size="sm" mb="xs">
        {voucher.Text}
      </Text>
      <ScrollTable minWidth={560} label={t('vouchers.name', { series: voucher.Series, number: voucher.Number })}>
        {/* Fixed columns, so the vouchers' tables line up one under another. */}
        <Table layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w="40%">
                {t('vouchers.columns.account')}
              </Table.Th>
              <Table.Th scope="col" w="26%">
                {t('vouchers.columns.text')}
              </Table.Th>
              <Table.Th scope="col" ta="right" w="17%">
                {t('vouchers.columns.debit')}
              </Table.Th>
              <Table.Th scope="col" ta="right" w="17%">
                {t('vouchers.columns.credit')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {voucher.Lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a voucher's lines never change (the books refuse it)
              <Table.Tr key={index}>
                <Table.Td>
                  {line.Account} {line.AccountName}
                </Table.Td>
                <Table.Td>{line.Text}</Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {line.AmountOre > 0 ? money.kronor(line.AmountOre) : ''}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {line.AmountOre < 0 ? money.kronor(-line.AmountOre) : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Attachments voucher={voucher} />
    </Card>
  );
}

/** The files that document a voucher, each a download, and one more attached: a receipt, a supplier's invoice. */
function Attachments({ voucher }: { voucher: VoucherData }) {
  const { t } = useTranslation('accounting');
  const queryClient = useQueryClient();
  const attach = useMutation({
    mutationFn: (file: File) => upload('ajaxUpload.php', { folder: 'voucher', VoucherId: voucher.Id }, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingKeys.ledger.all }),
  });
  const name = t('vouchers.name', { series: voucher.Series, number: voucher.Number });
  const take = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_ATTACHMENT_BYTES) {
      showToast(t('vouchers.attachmentTooLarge'), 'red');
      return;
    }
    try {
      await attach.mutateAsync(file);
      showToast(t('vouchers.attached', { name: file.name }), 'green');
    } catch (error) {
      showToast(errorText(error), 'red');
    }
  };
  return (
    <Group gap="sm" mt="xs" justify="space-between" align="flex-start">
      {voucher.Attachments.length > 0 ? (
        <Group
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('vouchers.attachments', { name })}
        >
          {voucher.Attachments.map((file) => (
            <li key={file.Id}>
              <Anchor href={file.Url} size="sm" download={file.Name} data-testid="voucher-attachment">
                <IconPaperclip size={14} aria-hidden /> {file.Name}
              </Anchor>
            </li>
          ))}
        </Group>
      ) : (
        <span />
      )}
      <FileButton
        onChange={(file) => void take(file)}
        accept="application/pdf,image/*,.doc,.docx,.odt,.xls,.xlsx,.ods,.txt"
      >
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="default"
            leftSection={<IconPaperclip size={14} aria-hidden />}
            loading={attach.isPending}
            aria-label={t('vouchers.attachTo', { name })}
            data-testid="voucher-attach"
          >
            {t('vouchers.attach')}
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
