import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadError, QueryState } from '../../../components/LoadState';
import { PartIconTile } from '../blocks/PartIcon';
import { VideoLength } from '../blocks/PartMarkers';
import { idFromParam } from '../Course/paths';
import { FreeLesson } from './FreeLesson';
import classes from './freeLessons.module.css';
import { freeLessonPath, useFreeLessons } from './queries';

/** /FreeLessons/:category?: free parts of the courses by category; one opens inline (spec §2, public). */
export default function FreeLessonsPage() {
  const { t } = useTranslation('learning');
  const params = useParams();
  const [search] = useSearchParams();
  const category = params.category?.trim() ? params.category : null;
  const list = useFreeLessons(category);
  const openCourseId = idFromParam(search.get('course') ?? undefined);
  const openPartId = idFromParam(search.get('part') ?? undefined);
  const categories = list.data?.categories ?? [];
  // A lesson opened from the list takes the focus; one in the address the page was opened with does not.
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
  }, []);

  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t('freeLessons.title')}</Title>
      <Text c="dimmed" mt="xs">
        {t('freeLessons.intro')}
      </Text>

      {categories.length > 0 && (
        <nav aria-label={t('freeLessons.categories')}>
          <Group gap="xs" mt="lg" component="ul" className={classes.categories}>
            {[null, ...categories].map((name) => {
              const current = name === category;
              return (
                <li key={name ?? ''}>
                  <Button
                    component={Link}
                    to={name ? `/FreeLessons/${encodeURIComponent(name)}` : '/FreeLessons'}
                    size="compact-md"
                    radius="xl"
                    variant={current ? 'filled' : 'default'}
                    aria-current={current ? 'page' : undefined}
                  >
                    {name ?? t('freeLessons.all')}
                  </Button>
                </li>
              );
            })}
          </Group>
        </nav>
      )}

      {openCourseId !== null && openPartId !== null && (
        <FreeLesson
          key={`${openCourseId}-${openPartId}`}
          courseId={openCourseId}
          partId={openPartId}
          category={category}
          lessons={list.data?.lessons ?? []}
          takeFocus={shown.current}
        />
      )}

      <QueryState query={list} error={<LoadError mt="lg" />}>
        {({ lessons }) =>
          lessons.length === 0 ? (
            <Text mt="lg">{t('freeLessons.empty')}</Text>
          ) : (
            <SimpleGrid
              component="ul"
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="lg"
              mt="xl"
              className={classes.list}
              data-testid="free-lessons"
            >
              {lessons.map((lesson) => {
                const open = lesson.CourseId === openCourseId && lesson.PartId === openPartId;
                return (
                  <Card
                    component="li"
                    key={`${lesson.CourseId}-${lesson.PartId}`}
                    withBorder
                    padding="lg"
                    data-testid="free-lesson-card"
                  >
                    <Stack gap="sm" h="100%">
                      <Group gap="sm" wrap="nowrap">
                        <PartIconTile name={lesson.Icon} />
                        <Title order={2} size="h4">
                          {lesson.Name}
                        </Title>
                      </Group>
                      <Group gap="xs">
                        <Text size="sm" c="dimmed">
                          {t('freeLessons.fromCourse', { name: lesson.CourseName })}
                        </Text>
                        <VideoLength seconds={lesson.VideoLength} />
                      </Group>
                      <Button
                        component={Link}
                        to={freeLessonPath(category, lesson.CourseId, lesson.PartId)}
                        variant={open ? 'light' : 'filled'}
                        rightSection={<IconArrowRight size={16} aria-hidden />}
                        aria-label={t('freeLessons.lessonLabel', { name: lesson.Name })}
                        aria-current={open ? 'true' : undefined}
                        mt="auto"
                        preventScrollReset
                      >
                        {t('freeLessons.open')}
                      </Button>
                    </Stack>
                  </Card>
                );
              })}
            </SimpleGrid>
          )
        }
      </QueryState>
    </Container>
  );
}
