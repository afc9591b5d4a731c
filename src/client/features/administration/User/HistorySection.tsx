import { Stack, Text, Timeline, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type HistoryDetails,
  USER_HISTORY_FIRST,
  type UserHistoryEntry,
} from '../../../../shared/contract/administration/users';
import { formatDate, formatDateTime } from '../../../components/dates';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError, Loading } from '../../../components/LoadState';
import { useUserHistory } from './queries';

type Value = string | number | boolean | null;

const isChange = (value: HistoryDetails[string]): value is { From: Value; To: Value } =>
  value !== null && typeof value === 'object';

const fieldKeys = [
  'FirstName',
  'LastName',
  'Email',
  'UserType',
  'Privilegies',
  'Company',
  'Language',
  'Course',
  'ExpiresAt',
  'Count',
  'Reason',
] as const;
type FieldKey = (typeof fieldKeys)[number];

/** What an entry changed, one line per field, in the reader's words. */
function DetailLines({ entry }: { entry: UserHistoryEntry }) {
  const { t } = useTranslation('administration');
  const shown = (field: string, value: Value): string => {
    if (value === null) return field === 'ExpiresAt' ? t('user.history.noEnd') : t('user.history.none_value');
    if (field === 'ExpiresAt' && typeof value === 'string') return formatDate(value);
    if (field === 'UserType' && typeof value === 'number') {
      const key = ({ 1: 'student', 2: 'admin', 8: 'coach' } as const)[value as 1 | 2 | 8];
      return key ? t(`users.types.${key}`) : t('users.types.other', { type: value });
    }
    if (field === 'Language' && (value === 'en' || value === 'sv')) return t(`user.profile.languages.${value}`);
    return String(value);
  };
  const lines = Object.entries(entry.Details).filter(([field]) => fieldKeys.includes(field as FieldKey));
  if (lines.length === 0) return null;
  return (
    <Stack gap={0}>
      {lines.map(([field, value]) => (
        <Text key={field} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t(`user.history.fields.${field as FieldKey}`)}:{' '}
          {isChange(value) ? `${shown(field, value.From)} → ${shown(field, value.To)}` : shown(field, value)}
        </Text>
      ))}
    </Stack>
  );
}

/** Who changed what of her and when, newest first, a page at a time. */
export function HistorySection({ userId, first, total }: { userId: number; first: UserHistoryEntry[]; total: number }) {
  const { t } = useTranslation('administration');
  const [page, setPage] = useState(1);
  const older = useUserHistory(userId, page, page > 1);
  const pages = Math.max(1, Math.ceil(total / USER_HISTORY_FIRST));
  const entries = page === 1 ? first : older.data?.data;

  return (
    <section aria-labelledby="user-history-title">
      <Title order={2} size="h3" id="user-history-title" mb="sm">
        {t('user.history.title')}
      </Title>
      {total === 0 ? (
        <Text c="dimmed">{t('user.history.none')}</Text>
      ) : older.isError && page > 1 ? (
        <LoadError />
      ) : !entries ? (
        <Loading section />
      ) : (
        <Timeline bulletSize={12} lineWidth={2} data-testid="user-history">
          {entries.map((entry) => (
            <Timeline.Item
              key={entry.Id}
              title={<Text fw={600}>{t(`user.history.actions.${entry.Action}`)}</Text>}
              data-testid="user-history-entry"
              data-action={entry.Action}
            >
              <Text size="sm" c="dimmed">
                {formatDateTime(entry.At)} ·{' '}
                {entry.ActorName ? t('user.history.by', { name: entry.ActorName }) : t('user.history.byRemoved')}
              </Text>
              <DetailLines entry={entry} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {pages > 1 && (
        <ListPagination label={t('users.pagination.label')} total={pages} page={page} onChange={setPage} compact />
      )}
    </section>
  );
}
