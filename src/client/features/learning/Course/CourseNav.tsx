import { Drawer, Group, NavLink, Progress, Stack, Text, Title } from '@mantine/core';
import { IconLayoutList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COURSE_NAV_WIDTH } from '../../../../shared/domain/learning/course';
import { PartIcon } from '../blocks/PartIcon';
import { CompletedMark, MilestoneMark, StaffMarkers } from '../blocks/PartMarkers';
import { coursePath, partPath, useCourseContext } from './CourseContext';
import classes from './course.module.css';
import { useCourseNavDocked } from './navLayout';
import { setCourseNav, useCourseView } from './store';

/** The id of the navigation beside the content, which the bottom bar's Menu button shows and hides. */
export const COURSE_NAV_ID = 'course-nav';

/**
 * The course navigation (spec §2): every page of the course in the learner's order. On a wide screen it stands
 * beside the content, where it covers nothing; on a phone it is a drawer. Either way it shows as the learner last
 * left it (spec §3 `showCourseNav`, open on her first visit).
 */
export function CourseNav() {
  const { t } = useTranslation('learning');
  const { course } = useCourseContext();
  const opened = useCourseView((state) => state.showCourseNav);
  const docked = useCourseNavDocked();

  if (docked) {
    if (!opened) return null;
    return (
      <aside
        id={COURSE_NAV_ID}
        className={classes.navAside}
        aria-labelledby={`${COURSE_NAV_ID}-title`}
        data-testid="course-nav"
        data-docked
      >
        <Title order={2} id={`${COURSE_NAV_ID}-title`} className={classes.navTitle} mb="sm">
          {course.Name}
        </Title>
        {/* Beside the content, a chosen page leaves the navigation where it is. */}
        <CourseNavList onChoose={() => {}} />
      </aside>
    );
  }
  return (
    <Drawer
      opened={opened}
      onClose={() => setCourseNav(false, true)}
      size={COURSE_NAV_WIDTH}
      position="left"
      title={course.Name}
      closeButtonProps={{ 'aria-label': t('nav.close') }}
      classNames={{ title: classes.navTitle, body: classes.navBody }}
      data-testid="course-nav"
    >
      {/* On a phone the drawer covers the page: a chosen page closes it, and the next visit finds it closed too. */}
      <CourseNavList onChoose={() => setCourseNav(false, true)} />
    </Drawer>
  );
}

/** The course's progress and its pages, the current one marked. */
function CourseNavList({ onChoose }: { onChoose(): void }) {
  const { t } = useTranslation('learning');
  const { course, outline, viewer } = useCourseContext();
  const current = useCourseView((state) => state.currCoursePostId);
  const percent = Math.max(0, Math.min(100, Math.round(course.progress_percent)));

  return (
    <nav aria-label={t('nav.label')}>
      <Stack gap={4} mb="md">
        <Text size="sm">{t('overview.progress', { percent })}</Text>
        <Progress value={percent} aria-label={t('overview.progressLabel', { name: course.Name })} />
      </Stack>
      <NavLink
        component={Link}
        to={coursePath(course.Id)}
        label={t('nav.overview')}
        leftSection={<IconLayoutList size={18} aria-hidden />}
        active={current === null}
        aria-current={current === null ? 'page' : undefined}
        onClick={onChoose}
        className={classes.navLink}
      />
      {outline.map(({ part, depth }) => {
        const active = current === part.Id;
        return (
          <NavLink
            key={part.Id}
            component={Link}
            to={partPath(course.Id, part.Id)}
            label={part.Name}
            description={
              viewer.staff || part.PostType !== 1 ? (
                <Group gap={4} mt={2} component="span">
                  <MilestoneMark postType={part.PostType} completedDate={part.MilestoneCompletedDate} />
                  <StaffMarkers part={part} viewer={viewer} />
                </Group>
              ) : undefined
            }
            leftSection={<PartIcon name={part.Icon} />}
            rightSection={<CompletedMark completed={part.Completed} />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onChoose}
            style={{ paddingInlineStart: `calc(var(--mantine-spacing-sm) + ${depth * 20}px)` }}
            className={classes.navLink}
            data-testid="course-nav-item"
            data-part-id={part.Id}
            data-completed={part.Completed}
          />
        );
      })}
    </nav>
  );
}
