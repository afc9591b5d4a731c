import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RegistrationCode } from '../../../../shared/contract/codes/codes';
import { formatDateTime } from '../../../components/dates';
import { QueryState } from '../../../components/LoadState';
import { useRedemptions } from './queries';

/** Who redeemed a code, and when. */
export function RedemptionsDialog({ code, onClose }: { code: RegistrationCode; onClose(): void }) {
  const { t } = useTranslation('codes');
  const redemptions = useRedemptions(code.Id);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('admin.redemptionsTitle', { code: code.Code })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('admin.close') }}
    >
      <QueryState query={redemptions}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('admin.noRedemptions')}</Text>
          ) : (
            <Stack gap="xs">
              <Table.ScrollContainer minWidth={420}>
                <Table striped data-testid="redemptions">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin.redeemedBy')}</Table.Th>
                      <Table.Th>{t('admin.email')}</Table.Th>
                      <Table.Th>{t('admin.redeemedAt')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((row) => (
                      <Table.Tr key={row.UserId}>
                        <Table.Td>
                          {row.FirstName} {row.LastName}
                        </Table.Td>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{row.Email}</Table.Td>
                        <Table.Td>{formatDateTime(row.RedeemedAt)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          )
        }
      </QueryState>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('admin.close')}
        </Button>
      </Group>
    </Modal>
  );
}
