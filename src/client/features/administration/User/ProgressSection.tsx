import { Group, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { users } from '../../../../shared/contract/administration/users';
import type { CallAnswer } from '../../../../shared/contract/define';
import { formatDate } from '../../../components/dates';
import { type Tone, ToneBadge } from '../../../components/tone';

type PageData = CallAnswer<(typeof users)['calls']['get_user']>['data'];

const examTone: Record<PageData['Exams'][number]['Status'], Tone> = {
  not_started: 'grape',
  in_progress: 'orange',
  submitted: 'yellow',
  completed: 'teal',
};

function Part({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {empty !== null ? <Text c="dimmed">{empty}</Text> : children}
    </section>
  );
}

/** Her xp, achievements, exams in their states and certificates with their expiry. */
export function ProgressSection({ data }: { data: PageData }) {
  const { t } = useTranslation('administration');
  return (
    <Stack gap="xl">
      <Text size="lg" fw={600} data-testid="user-total-xp">
        {t('user.facts.totalXp')}: {data.User.TotalXp}
      </Text>
      <Part
        id="user-achievements-title"
        title={t('user.progress.achievements')}
        empty={data.Achievements.length === 0 ? t('user.progress.noAchievements') : null}
      >
        <List spacing={4}>
          {data.Achievements.map((achievement) => (
            <List.Item key={achievement.Id}>
              <Text span fw={600}>
                {achievement.Title}
              </Text>{' '}
              <Text span c="dimmed" size="sm">
                {achievement.CourseName} · {formatDate(achievement.EarnedAt)}
              </Text>
            </List.Item>
          ))}
        </List>
      </Part>
      <Part
        id="user-exams-title"
        title={t('user.progress.exams')}
        empty={data.Exams.length === 0 ? t('user.progress.noExams') : null}
      >
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.Exams.map((exam) => (
            <Group
              key={exam.BlockId}
              component="li"
              justify="space-between"
              gap="xs"
              wrap="wrap"
              data-testid="user-exam"
            >
              <div>
                <Text fw={600}>{exam.Name}</Text>
                <Text size="sm" c="dimmed">
                  {exam.CourseName}
                  {exam.SubmittedAt && ` · ${formatDate(exam.SubmittedAt)}`}
                  {exam.ReviewScore !== null && ` · ${t('user.progress.score', { score: exam.ReviewScore })}`}
                </Text>
              </div>
              <ToneBadge tone={examTone[exam.Status]}>{t(`user.progress.examStatus.${exam.Status}`)}</ToneBadge>
            </Group>
          ))}
        </Stack>
      </Part>
      <Part
        id="user-certificates-title"
        title={t('user.progress.certificates')}
        empty={data.Certificates.length === 0 ? t('user.progress.noCertificates') : null}
      >
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.Certificates.map((certificate) => (
            <li key={certificate.Id} data-testid="user-certificate">
              <Text fw={600}>{certificate.CourseName}</Text>
              <Text size="sm" c="dimmed">
                {certificate.Code} · {t('user.progress.issued', { date: formatDate(certificate.IssuedAt) })} ·{' '}
                {certificate.ExpiresAt === null
                  ? t('user.progress.noExpiry')
                  : certificate.Expired
                    ? t('user.progress.expired', { date: formatDate(certificate.ExpiresAt) })
                    : t('user.progress.validUntil', { date: formatDate(certificate.ExpiresAt) })}
              </Text>
            </li>
          ))}
        </Stack>
      </Part>
    </Stack>
  );
}
