import { Anchor, Avatar, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCertificate, IconCircleCheck, IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../components/dates';
import { toneText } from '../../../components/tone';
import { useCourseContext } from './CourseContext';
import classes from './course.module.css';

/** The course overview's side: the certificate's state, the coaches and the course's achievements. */
export function CourseSidebar() {
  const { t } = useTranslation('learning');
  const { course } = useCourseContext();
  const certificate = course.Certificate;

  return (
    <Stack gap="lg">
      <Card withBorder padding="md" data-testid="certificate-state" data-earned={certificate !== null}>
        <Group gap="sm" mb="xs" wrap="nowrap">
          <ThemeIcon variant="light" color={certificate ? 'teal' : 'gray'} aria-hidden>
            <IconCertificate size={18} />
          </ThemeIcon>
          <Title order={2} size="h4">
            {t('overview.certificate.title')}
          </Title>
        </Group>
        {!course.CertificateEnabled && !certificate ? (
          <Text size="sm">{t('overview.certificate.none')}</Text>
        ) : certificate ? (
          <Stack gap={4}>
            <Text size="sm">{t('overview.certificate.earned', { date: formatDate(certificate.IssuedAt) })}</Text>
            {certificate.ExpiresAt && (
              <Text size="sm" {...(certificate.Expired ? toneText('red') : {})}>
                {certificate.Expired
                  ? t('overview.certificate.expired', { date: formatDate(certificate.ExpiresAt) })
                  : t('overview.certificate.validUntil', { date: formatDate(certificate.ExpiresAt) })}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t('overview.certificate.code', { code: certificate.Code })}
            </Text>
            <Anchor component={Link} to="/MyProfile#certificates" size="sm">
              {t('overview.certificate.open')}
            </Anchor>
          </Stack>
        ) : (
          <Text size="sm">
            {course.CertificateValidityMonths
              ? t('overview.certificate.pendingExpiry', { count: course.CertificateValidityMonths })
              : t('overview.certificate.pending')}
          </Text>
        )}
      </Card>

      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="xs">
          {t('overview.coaches')}
        </Title>
        {course.Coaches.length === 0 ? (
          <Text size="sm">{t('overview.noCoaches')}</Text>
        ) : (
          <Stack component="ul" gap="xs" className={classes.sideList} data-testid="course-coaches">
            {course.Coaches.map((coach) => (
              <Group component="li" key={coach.UserId} gap="sm" wrap="nowrap">
                <Avatar size="sm" radius="xl" color="blue" aria-hidden>
                  {`${coach.FirstName.charAt(0)}${coach.LastName.charAt(0)}`}
                </Avatar>
                <Text size="sm">{`${coach.FirstName} ${coach.LastName}`}</Text>
              </Group>
            ))}
          </Stack>
        )}
      </Card>

      {course.Achievements.length > 0 && (
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb={4}>
            {t('overview.achievements')}
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {t('overview.courseXp', { count: course.CourseXp })}
          </Text>
          <Stack component="ul" gap="xs" className={classes.sideList}>
            {course.Achievements.map((achievement) => (
              <Group component="li" key={achievement.Id} gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  {achievement.earned ? (
                    <IconCircleCheck size={18} color="var(--mantine-color-teal-filled)" aria-hidden />
                  ) : (
                    <IconTrophy size={18} aria-hidden />
                  )}
                  <Anchor component={Link} to={`/achievement/${achievement.Id}/${course.Id}`} size="sm">
                    {achievement.title}
                  </Anchor>
                </Group>
                <Text size="xs" {...(achievement.earned ? toneText('teal') : { c: 'dimmed' })}>
                  {achievement.earned
                    ? t('overview.achievementEarned')
                    : t('overview.achievementRequires', { count: achievement.required_xp })}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
