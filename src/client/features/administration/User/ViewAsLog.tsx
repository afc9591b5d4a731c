import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ViewAsEntry } from '../../../../shared/contract/administration/viewAs';
import { viewAsLogLimit } from '../../../../shared/domain/administration/viewAs';
import { formatDateTime } from '../../../components/dates';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError, Loading } from '../../../components/LoadState';
import { useViewAsLog } from './queries';
import classes from './ViewAsLog.module.css';

/**
 * Who viewed as her, why, and when and how it ended, newest first (administrators only); with `userId` null, every
 * use on the site, with whom each viewed as.
 */
export function ViewAsLog({ userId, heading = true }: { userId: number | null; heading?: boolean }) {
  const { t } = useTranslation('administration');
  const [page, setPage] = useState(1);
  const log = useViewAsLog(userId, page);
  const total = log.data?.pagination.total ?? 0;
  // A phone shows each use as a card of its fields: five columns do not fit its width.
  const phone = useMediaQuery('(max-width: 48em)');
  const columns: { label: string; cell: (entry: ViewAsEntry) => ReactNode }[] = [
    ...(userId === null
      ? [
          {
            label: t('viewAs.log.student'),
            cell: (entry: ViewAsEntry) => (
              <Anchor component={Link} to={`/user/${entry.UserId}`}>
                {entry.UserName}
              </Anchor>
            ),
          },
        ]
      : []),
    { label: t('viewAs.log.viewer'), cell: (entry) => entry.ViewerName ?? t('viewAs.log.removed') },
    { label: t('viewAs.log.reason'), cell: (entry) => entry.Reason },
    { label: t('viewAs.log.started'), cell: (entry) => formatDateTime(entry.StartedAt) },
    {
      label: t('viewAs.log.ended'),
      cell: (entry) =>
        entry.EndedAt && entry.EndedHow
          ? `${formatDateTime(entry.EndedAt)}, ${t(`viewAs.log.how.${entry.EndedHow}`)}`
          : t('viewAs.log.lasting', { time: formatDateTime(entry.ExpiresAt) }),
    },
  ];

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
          {phone ? (
            <Stack gap="xs">
              {log.data.data.map((entry) => (
                <Paper key={entry.Id} withBorder p="sm" radius="md" data-testid="view-as-log-entry">
                  <dl className={classes.fields}>
                    {columns.map((column) => (
                      <Fragment key={column.label}>
                        <dt>{column.label}</dt>
                        <dd>{column.cell(entry)}</dd>
                      </Fragment>
                    ))}
                  </dl>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.label}>{column.label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.data.map((entry) => (
                  <Table.Tr key={entry.Id} data-testid="view-as-log-entry">
                    {columns.map((column) => (
                      <Table.Td key={column.label} style={{ overflowWrap: 'anywhere' }}>
                        {column.cell(entry)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
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
