import { Button } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconListDetails } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast';
import { useGuardedNavigate } from '../../../components/UnsavedChanges';
import { partPath, useCourseContext } from './CourseContext';
import { COURSE_NAV_ID } from './CourseNav';
import classes from './course.module.css';
import { useCourseNavDocked } from './navLayout';
import { setCourseNav, useCourseView } from './store';

/**
 * Back, Menu and Forward on every course page (spec §2), with the help button beside Menu: in the bar it covers
 * nothing of the page. Without a target Back and Forward look disabled but stay focusable, and pressing them says
 * why ("No previous page!", "End of course...").
 */
export function BottomBar({ help }: { help?: ReactNode }) {
  const { t } = useTranslation('learning');
  const navigate = useGuardedNavigate();
  const { course, partsById } = useCourseContext();
  const back = useCourseView((state) => state.navBack);
  const forward = useCourseView((state) => state.navForward);
  const navOpen = useCourseView((state) => state.showCourseNav);
  const navDocked = useCourseNavDocked();

  const go = (target: number | null, emptyMessage: string) => {
    if (target === null) {
      showToast(emptyMessage, 'blue');
      return;
    }
    navigate(partPath(course.Id, target));
  };
  const nameOf = (target: number | null) => (target === null ? '' : (partsById.get(target)?.Name ?? ''));

  return (
    <nav aria-label={t('nav.bar')} className={classes.bottomBar} data-testid="course-bottom-bar" data-tour="course-bar">
      <div className={classes.bottomBarInner}>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={() => go(back, t('nav.noPrevious'))}
          data-disabled={back === null || undefined}
          aria-disabled={back === null}
          title={back === null ? t('nav.noPrevious') : t('nav.backTo', { name: nameOf(back) })}
          className={classes.barButton}
          data-testid="course-back"
        >
          {t('nav.back')}
        </Button>
        <div className={classes.barMiddle}>
          <Button
            variant="light"
            leftSection={<IconListDetails size={18} aria-hidden />}
            onClick={() => setCourseNav(!navOpen, true)}
            aria-expanded={navOpen}
            aria-haspopup={navDocked ? undefined : 'dialog'}
            aria-controls={navDocked && navOpen ? COURSE_NAV_ID : undefined}
            className={classes.barButton}
            data-testid="course-menu"
            data-tour="course-menu"
          >
            {t('nav.menu')}
          </Button>
          {help}
        </div>
        <Button
          rightSection={<IconArrowRight size={18} aria-hidden />}
          onClick={() => go(forward, t('nav.endOfCourse'))}
          data-disabled={forward === null || undefined}
          aria-disabled={forward === null}
          title={forward === null ? t('nav.endOfCourse') : t('nav.forwardTo', { name: nameOf(forward) })}
          className={classes.barButton}
          data-testid="course-forward"
        >
          {t('nav.forward')}
        </Button>
      </div>
    </nav>
  );
}
