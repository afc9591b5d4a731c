import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CourseSummary } from '../../../../shared/contract/learning/courseShapes';
import { formatDate } from '../../../components/dates';
import { toneText } from '../../../components/tone';
import { StatusBadge } from './StatusBadge';

const actionKey = { not_started: 'start', in_progress: 'continue', completed: 'review' } as const;

/** One course of My courses: what it is, how far the learner has come, and the way in. */
export function CourseCard({ course }: { course: CourseSummary }) {
  const { t } = useTranslation('learning');
  const percent = Math.max(0, Math.min(100, Math.round(course.progress_percent)));
  const action = t(`myCourses.${actionKey[course.Status]}`);
  const titleId = `course-${course.Id}-title`;
  const completed = course.Status === 'completed';

  return (
    <Card component="li" withBorder radius="md" padding="lg" aria-labelledby={titleId} data-testid="course-card">
      <Stack gap="sm" h="100%">
        <Group gap="xs" mih={22}>
          <StatusBadge status={course.Status} />
          {completed && course.CertificateEnabled && (
            <Badge
              component={Link}
              color="yellow"
              variant="light"
              {...toneText('yellow')}
              to="/MyProfile#certificates"
              style={{ cursor: 'pointer' }}
              leftSection={<IconCertificate size={14} aria-hidden />}
              aria-label={t('myCourses.certificateEarned')}
              data-testid="certificate-marker"
            >
              {t('myCourses.certificate')}
            </Badge>
          )}
        </Group>
        <Title order={2} size="h3" id={titleId}>
          {course.Name}
        </Title>
        {course.Category && (
          <Text size="sm" c="dimmed">
            {course.Category}
          </Text>
        )}
        <Text size="sm" lineClamp={4}>
          {course.Description}
        </Text>
        <Stack gap={4} mt="auto">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              {t('myCourses.progress', { percent })}
            </Text>
            {course.PartCount > 0 && (
              <Text size="sm" c="dimmed">
                {t('myCourses.parts', { count: course.PartCount })}
              </Text>
            )}
          </Group>
          <Progress
            value={percent}
            color={completed ? 'teal' : 'blue'}
            size="md"
            aria-label={t('myCourses.progressLabel', { name: course.Name })}
          />
        </Stack>
        {completed && course.CompletedAt && (
          <Text size="sm" c="dimmed">
            {t('myCourses.completedOn', { date: formatDate(course.CompletedAt) })}
          </Text>
        )}
        <Button
          component={Link}
          to={`/course/${course.Id}`}
          variant={completed ? 'outline' : 'filled'}
          rightSection={<IconArrowRight size={16} aria-hidden />}
          aria-label={t('myCourses.actionLabel', { action, name: course.Name })}
          fullWidth
        >
          {action}
        </Button>
      </Stack>
    </Card>
  );
}
