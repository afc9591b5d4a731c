import { Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { semitonesOf } from '../../../../shared/domain/eartraining/intervals';
import { percent, type Results, useXpRules } from '../progress';

function XpToday({ count }: { count: number }) {
  const { t } = useTranslation('eartraining');
  const rules = useXpRules();
  if (!rules.data) return null;
  return <Text size="sm">{t('hub.xpToday', { count, max: rules.data.DailyMax })}</Text>;
}

/** A learner's results of an exercise: xp today, accuracy per interval, what she mixes up. */
export function ResultTables({ progress }: { progress: Results }) {
  const { t } = useTranslation('eartraining');
  const practised = progress.Intervals.filter((row) => row.Answered > 0).sort(
    (a, b) => semitonesOf(a.Interval) - semitonesOf(b.Interval),
  );
  const confusions = [...progress.Confusions].sort((a, b) => b.Count - a.Count);
  if (practised.length === 0) return <Text>{t('hub.notPractised')}</Text>;
  return (
    <Stack gap="lg">
      <XpToday count={progress.XpToday} />
      <div>
        <Title order={3} size="h4" mb="xs">
          {t('hub.perInterval')}
        </Title>
        <div style={{ overflowX: 'auto' }}>
          <Table striped data-testid="interval-accuracy">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('hub.interval')}</Table.Th>
                <Table.Th scope="col">{t('hub.answered')}</Table.Th>
                <Table.Th scope="col">{t('hub.right')}</Table.Th>
                <Table.Th scope="col">{t('hub.accuracyColumn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {practised.map((row) => (
                <Table.Tr key={row.Interval} data-interval={row.Interval}>
                  <Table.Th scope="row" fw={400}>
                    {t(`intervals.${row.Interval}`)}
                  </Table.Th>
                  <Table.Td>{row.Answered}</Table.Td>
                  <Table.Td>{row.Right}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Progress
                        value={percent(row.Right, row.Answered)}
                        w={80}
                        aria-label={`${t(`intervals.${row.Interval}`)}: ${percent(row.Right, row.Answered)} %`}
                      />
                      <Text size="sm">{percent(row.Right, row.Answered)} %</Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </div>
      <div>
        <Title order={3} size="h4" mb="xs">
          {t('hub.confusions')}
        </Title>
        {confusions.length === 0 ? (
          <Text size="sm">{t('hub.noConfusions')}</Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} data-testid="confusions">
            {confusions.map((row) => (
              <Text component="li" size="sm" key={`${row.Played}-${row.Chosen}`}>
                {t('hub.confusion', { played: t(`intervals.${row.Played}`), chosen: t(`intervals.${row.Chosen}`) })}
                {': '}
                {t('hub.times', { count: row.Count })}
              </Text>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
