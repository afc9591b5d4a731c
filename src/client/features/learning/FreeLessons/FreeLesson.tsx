import { Card, CloseButton, Group, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FreeLesson as FreeLessonSummary } from '../../../../shared/contract/learning/course';
import { ErrorAlert, Loading } from '../../../components/LoadState';
import { type BlockHost, BlockHostProvider } from '../blocks/BlockHost';
import { BlockList } from '../blocks/BlockList';
import { freeLessonPath, useFreeLesson } from './queries';

/** One free lesson, opened inline on the list: its blocks as a course page shows them, without progress. */
export function FreeLesson(props: {
  courseId: number;
  partId: number;
  category: string | null;
  lessons: readonly FreeLessonSummary[];
  /** Move the focus to the lesson once it is loaded (it was opened from the list). */
  takeFocus: boolean;
}) {
  const { t } = useTranslation('learning');
  const navigate = useNavigate();
  const lesson = useFreeLesson(props.courseId, props.partId);
  const heading = useRef<HTMLHeadingElement>(null);
  const close = () => navigate(props.category ? `/FreeLessons/${encodeURIComponent(props.category)}` : '/FreeLessons');

  // A lesson opened from the list takes the reader's focus, so a keyboard or screen reader user lands on it.
  const loaded = lesson.data !== undefined;
  const { takeFocus } = props;
  useEffect(() => {
    if (!loaded) return;
    if (takeFocus) heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  }, [loaded, takeFocus]);

  const host = useMemo<BlockHost | null>(() => {
    if (!lesson.data) return null;
    const free = new Set(props.lessons.filter((l) => l.CourseId === props.courseId).map((l) => l.PartId));
    return {
      mode: 'free',
      part: lesson.data.Part,
      staff: false,
      linkToPart: (id) => (free.has(id) ? freeLessonPath(props.category, props.courseId, id) : null),
      partById: () => undefined,
    };
  }, [lesson.data, props.lessons, props.courseId, props.category]);

  return (
    <Card
      withBorder
      padding="lg"
      mt="xl"
      component="section"
      aria-labelledby="free-lesson-title"
      data-testid="free-lesson"
    >
      {lesson.isPending ? (
        <Loading />
      ) : lesson.isError || !host ? (
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <ErrorAlert style={{ flex: 1 }}>
            <span id="free-lesson-title">{t('freeLessons.notFound')}</span>
          </ErrorAlert>
          <CloseButton aria-label={t('freeLessons.close')} onClick={close} />
        </Group>
      ) : (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start" mb="lg">
            <div>
              <Text size="sm" c="dimmed">
                {t('freeLessons.fromCourse', { name: lesson.data.CourseName })}
              </Text>
              <Title order={2} id="free-lesson-title" ref={heading} tabIndex={-1} style={{ scrollMarginTop: 80 }}>
                {lesson.data.Part.Name}
              </Title>
            </div>
            <CloseButton aria-label={t('freeLessons.close')} onClick={close} size="lg" />
          </Group>
          <BlockHostProvider host={host}>
            <BlockList blocks={lesson.data.Part.Blocks} headingLevel={3} />
          </BlockHostProvider>
        </>
      )}
    </Card>
  );
}
