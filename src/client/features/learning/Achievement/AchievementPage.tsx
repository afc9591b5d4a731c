import { Card, Container, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAward, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type ClientErrorCode, call } from '../../../app/api';
import { BackLink } from '../../../components/BackLink';
import { formatDate } from '../../../components/dates';
import { isMissing } from '../../../components/errorText';
import { Loading } from '../../../components/LoadState';
import { NotFoundNotice, PageLoadError } from '../../../components/Notices';
import { toneText } from '../../../components/tone';
import { learningKeys } from '../keys';

const idFromParam = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
};

/** Answers that mean "there is no such achievement for you" besides an unknown one. */
const notYoursCodes: readonly ClientErrorCode[] = ['NO_COURSE_ACCESS', 'FORBIDDEN'];

/** /achievement/:id/:course_id: one achievement of a course, earned or how much xp is still needed. */
export default function AchievementPage() {
  const { t } = useTranslation('learning');
  const params = useParams();
  const id = idFromParam(params.id);
  const courseId = idFromParam(params.course_id);
  const valid = id !== null && courseId !== null;
  const achievement = useQuery({
    queryKey: learningKeys.achievement(id ?? 0, courseId ?? 0),
    queryFn: async () =>
      (await call('achievements.php', 'get_achievement', { Id: id ?? 0, CourseId: courseId ?? 0 })).data,
    enabled: valid,
    retry: false,
  });

  const missing = !valid || isMissing(achievement.error, notYoursCodes);
  if (missing) {
    return (
      <Container size="sm" py="xl">
        <NotFoundNotice
          title={t('achievement.notFound.title')}
          text={t('achievement.notFound.text')}
          link={{ to: '/MyProfile#achievements', label: t('achievement.allAchievements') }}
        />
      </Container>
    );
  }
  if (achievement.isPending || achievement.isError) {
    return (
      <Container size="sm" py="xl">
        {achievement.isError ? (
          <PageLoadError title={t('achievement.title')} />
        ) : (
          <>
            <Title order={1}>{t('achievement.title')}</Title>
            <Loading />
          </>
        )}
      </Container>
    );
  }

  const data = achievement.data;
  const required = Math.max(0, data.required_xp);
  const have = Math.max(0, data.CourseXp);
  const toGo = Math.max(0, required - have);
  const percent = required === 0 ? 100 : Math.min(100, Math.floor((have * 100) / required));

  return (
    <Container size="sm" py="xl">
      <BackLink to={`/course/${data.CourseId}`}>{t('achievement.backToCourse', { course: data.CourseName })}</BackLink>
      <Card withBorder radius="md" padding="xl" mt="md" component="article" aria-labelledby="achievement-title">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon
            size={72}
            radius="xl"
            variant={data.earned ? 'filled' : 'light'}
            color={data.earned ? 'yellow.5' : 'gray'}
            aria-hidden
          >
            {data.earned ? <IconAward size={44} color="var(--mantine-color-black)" /> : <IconLock size={40} />}
          </ThemeIcon>
          <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
            {t('achievement.title')}
          </Text>
          <Title order={1} id="achievement-title">
            {data.title}
          </Title>
          {data.description && <Text>{data.description}</Text>}
          <Text fw={600} data-testid="required-xp">
            {t('achievement.requiredXp', { count: required })}
          </Text>
          {data.earned ? (
            <Text fw={600} {...toneText('teal')} data-testid="achievement-state">
              {data.EarnedDate
                ? t('achievement.earnedOn', { date: formatDate(data.EarnedDate) })
                : t('achievement.earned')}
            </Text>
          ) : (
            <Stack gap={6} w="100%" mt="sm">
              <Group justify="space-between" gap="xs">
                <Text fw={600} data-testid="achievement-state">
                  {t('achievement.toGo', { count: toGo })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('achievement.notEarned')}
                </Text>
              </Group>
              <Progress value={percent} aria-label={t('achievement.progressLabel')} />
              <Text size="sm" c="dimmed" ta="start">
                {t('achievement.yourXp', { xp: have, required, course: data.CourseName })}
              </Text>
            </Stack>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
