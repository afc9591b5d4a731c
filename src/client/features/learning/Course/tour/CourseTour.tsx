import { Button, Group, Popover, type PopoverProps, Text, Title } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CourseTourStep, courseTourSteps } from '../../../../../shared/domain/learning/courseTour';
import { storageKeys } from '../../../../../shared/domain/storage';
import { useSession } from '../../../../app/session';
import { storage } from '../../../../app/storage';
import { useCourseNavDocked } from '../navLayout';
import { isCelebrating, useCourseView } from '../store';
import classes from './tour.module.css';
import { useTargetRect } from './useTargetRect';

/** After the reward box's 0.8 s (spec §4), so that nothing moves under the first step. */
const TOUR_START_MS = 1200;

/** What each step points at (the first one drawn), and where its card goes. */
const targets: Record<CourseTourStep, { selectors: string[]; position: PopoverProps['position'] }> = {
  nav: { selectors: ['[data-testid="course-nav"][data-docked]'], position: 'right-start' },
  navMenu: { selectors: ['[data-tour="course-menu"]'], position: 'top' },
  content: { selectors: ['[data-tour="course-content"] h1'], position: 'bottom-start' },
  bar: { selectors: ['[data-tour="course-bar"]'], position: 'top' },
  xp: { selectors: ['[data-testid="xp-total"]', '[data-tour="course-content"] h1'], position: 'bottom' },
};

/**
 * A short tour of the course page on the learner's first visit (stored under `courseTutorialComplete`, spec §3,
 * which survives signing out): the navigation, the page, Back and Forward, and xp. Each step is a Mantine popover
 * beside what it explains, which is outlined; it keeps the keyboard's focus while it shows, Escape or "Skip tour"
 * ends it, and it never comes back once ended or finished. It waits while a celebration or the phone's drawer
 * covers the page.
 */
export function CourseTour() {
  const { t } = useTranslation('learning');
  const { user } = useSession();
  const [done, setDone] = useState(() => storage.get(storageKeys.courseTutorialComplete) === 'true');
  const [started, setStarted] = useState(false);
  const [index, setIndex] = useState(0);
  const docked = useCourseNavDocked();
  const navOpen = useCourseView((state) => state.showCourseNav);
  const celebrating = useCourseView(isCelebrating);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    if (done) return;
    const timer = setTimeout(() => setStarted(true), TOUR_START_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const steps = courseTourSteps({ navBeside: docked && navOpen, collectsXp: user?.CollectXp ?? false });
  const current = Math.min(index, steps.length - 1);
  const step = steps[current] as CourseTourStep;
  const covered = celebrating || (navOpen && !docked);
  const showing = !done && started && user !== null && !covered;
  const rect = useTargetRect(showing ? targets[step].selectors : null);
  const finish = () => {
    storage.set(storageKeys.courseTutorialComplete, 'true');
    setDone(true);
  };
  // Escape ends the tour wherever the focus is (the popover's own handling needs the focus inside it).
  useWindowEvent('keydown', (event) => {
    if (showing && rect && event.key === 'Escape' && !event.defaultPrevented) finish();
  });
  if (!showing || !rect) return null;

  const last = current === steps.length - 1;

  return (
    // One popover per step, placed afresh beside its target.
    <Popover
      key={step}
      opened
      onClose={finish}
      position={targets[step].position}
      withArrow
      shadow="md"
      width="min(340px, calc(100vw - 32px))"
      trapFocus
      returnFocus
      closeOnEscape={false}
      closeOnClickOutside={false}
      zIndex={250}
    >
      <Popover.Target>
        <div className={classes.outline} style={{ ...rect, position: 'fixed' }} aria-hidden />
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId} aria-describedby={textId} data-testid="course-tour" data-step={step}>
        <Text size="xs" c="dimmed">
          {t('tour.label')} · {t('tour.step', { current: current + 1, total: steps.length })}
        </Text>
        <Title order={2} size="h5" id={titleId} mt={4}>
          {t(`tour.${step}.title`)}
        </Title>
        <Text size="sm" id={textId} mt={4}>
          {t(`tour.${step}.text`)}
        </Text>
        <Group justify="space-between" mt="md" gap="xs">
          <Button variant="subtle" size="compact-sm" onClick={finish} data-testid="course-tour-skip">
            {t('tour.skip')}
          </Button>
          <Group gap="xs">
            {current > 0 && (
              <Button variant="default" size="compact-sm" onClick={() => setIndex(current - 1)}>
                {t('tour.back')}
              </Button>
            )}
            <Button
              size="compact-sm"
              onClick={last ? finish : () => setIndex(current + 1)}
              data-autofocus
              data-testid="course-tour-next"
            >
              {last ? t('tour.done') : t('tour.next')}
            </Button>
          </Group>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
