import { Badge, Button, Card, Container, Grid, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PartIcon } from '../blocks/PartIcon';
import { CompletedMark, MilestoneMark, StaffMarkers, VideoLength } from '../blocks/PartMarkers';
import { partPath, useCourseContext } from './CourseContext';
import { CourseSidebar } from './CourseSidebar';
import { CourseSurvey } from './CourseSurvey';
import { nextToDo } from './completion';
import classes from './course.module.css';
import { ResetEpisode } from './ResetEpisode';

/** /course/:id: the course's pages in order with the learner's progress, certificate, coaches and achievements. */
export default function CourseOverviewPage() {
  const { t } = useTranslation('learning');
  const { course, outline, viewer } = useCourseContext();
  const percent = Math.max(0, Math.min(100, Math.round(course.progress_percent)));
  const parts = outline.map((entry) => entry.part);
  const next = nextToDo(parts);
  const first = parts[0];
  const started = parts.some((part) => part.Completed);

  const action = next
    ? {
        to: partPath(course.Id, next.Id),
        label: started ? t('overview.continue', { name: next.Name }) : t('overview.start'),
      }
    : first
      ? { to: partPath(course.Id, first.Id), label: t('overview.review') }
      : null;

  return (
    <Container size="lg" py="xl" data-testid="course-overview">
      <Title order={1}>{course.Name}</Title>
      {viewer.staff && course.LockedByUsername && (
        <Badge mt="xs" variant="light" color="gray" leftSection={<IconLock size={12} aria-hidden />}>
          {t('overview.lockedBy', { name: course.LockedByUsername })}
        </Badge>
      )}
      {course.Description && (
        <Text mt="sm" maw={720}>
          {course.Description}
        </Text>
      )}
      <Grid mt="lg" gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="lg" mb="xl">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Text fw={600} data-testid="course-progress">
                  {t('overview.progress', { percent })}
                </Text>
              </Group>
              <Progress
                value={percent}
                size="lg"
                color={percent >= 100 ? 'teal.9' : 'blue'}
                aria-label={t('overview.progressLabel', { name: course.Name })}
              />
              {action && (
                <Group>
                  <Button
                    component={Link}
                    to={action.to}
                    rightSection={<IconArrowRight size={16} aria-hidden />}
                    data-testid="course-continue"
                    className={classes.actionButton}
                  >
                    {action.label}
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
          <CourseSurvey courseId={course.Id} completed={percent >= 100 && !viewer.staff} />
          <Title order={2} size="h3" mb="sm">
            {t('overview.contents')}
          </Title>
          {outline.length === 0 ? (
            <Text c="dimmed">{t('overview.empty')}</Text>
          ) : (
            <Card withBorder padding={0} component="ol" className={classes.outline} data-testid="course-outline">
              {outline.map(({ part, depth }) => (
                <li
                  key={part.Id}
                  className={`${classes.outlineRow} ${depth === 0 ? classes.chapter : ''}`}
                  style={{ paddingInlineStart: `calc(var(--mantine-spacing-sm) + ${depth * 24}px)` }}
                  data-testid="outline-part"
                  data-part-id={part.Id}
                  data-completed={part.Completed}
                >
                  <Link to={partPath(course.Id, part.Id)} className={classes.outlineLink}>
                    <PartIcon name={part.Icon} />
                    <span className={classes.outlineName}>{part.Name}</span>
                  </Link>
                  <Group gap={6} wrap="wrap" justify="flex-end">
                    <MilestoneMark postType={part.PostType} completedDate={part.MilestoneCompletedDate} />
                    <StaffMarkers part={part} viewer={viewer} />
                    <VideoLength seconds={part.VideoLength} />
                    <ResetEpisode part={part} />
                    <CompletedMark completed={part.Completed} />
                  </Group>
                </li>
              ))}
            </Card>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CourseSidebar />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
