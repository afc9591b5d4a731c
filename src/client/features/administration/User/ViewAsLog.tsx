import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { viewAsLogLimit } from '../../../../shared/domain/administration/viewAs';
import { formatDateTime } from '../../../components/dates';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError, Loading } from '../../../components/LoadState';
import { useViewAsLog } from './queries';

/**
 * Who viewed as her, why, and when and how it ended, newest first (administrators only); with `userId` null, every
 * use on the site, with whom each viewed as.
 */
export function ViewAsLog({ userId, heading = true }: { userId: number | null; heading?: boolean }) {
  const { t } = useTranslation('administration');
  const [page, setPage] = useState(1);
  const log = useViewAsLog(userId, page);
  const total = log.data?.pagination.total ?? 0;

  return (
    <section aria-labelledby={heading ? 'view-as-log-title' : undefined} data-testid="view-as-log">
      {heading && (
        <Title order={2} size="h4" id="view-as-log-title" mb="xs">
          {t('viewAs.log.title')}
        </Title>
      )}
      {log.isError ? (
        <LoadError />
      ) : !log.data ? (
        <Loading section />
      ) : total === 0 ? (
        <Text c="dimmed">{t(userId === null ? 'viewAs.log.noneOnSite' : 'viewAs.log.none')}</Text>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {userId === null && <Table.Th>{t('viewAs.log.student')}</Table.Th>}
                  <Table.Th>{t('viewAs.log.viewer')}</Table.Th>
                  <Table.Th>{t('viewAs.log.reason')}</Table.Th>
                  <Table.Th>{t('viewAs.log.started')}</Table.Th>
                  <Table.Th>{t('viewAs.log.ended')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.data.map((entry) => (
                  <Table.Tr key={entry.Id} data-testid="view-as-log-entry">
                    {userId === null && (
                      <Table.Td>
                        <Anchor component={Link} to={`/user/${entry.UserId}`}>
                          {entry.UserName}
                        </Anchor>
                      </Table.Td>
                    )}
                    <Table.Td>{entry.ViewerName ?? t('viewAs.log.removed')}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.Reason}</Table.Td>
                    <Table.Td>{formatDateTime(entry.StartedAt)}</Table.Td>
                    <Table.Td>
                      {entry.EndedAt && entry.EndedHow
                        ? `${formatDateTime(entry.EndedAt)}, ${t(`viewAs.log.how.${entry.EndedHow}`)}`
                        : t('viewAs.log.lasting', { time: formatDateTime(entry.ExpiresAt) })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > viewAsLogLimit.default && (
            <ListPagination
              label={t('viewAs.log.pages')}
              total={Math.ceil(total / viewAsLogLimit.default)}
              page={page}
              onChange={setPage}
            />
          )}
        </Stack>
      )}
    </section>
  );
}
