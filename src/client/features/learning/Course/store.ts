import { useSyncExternalStore } from 'react';
import type { Achievement } from '../../../../shared/contract/learning/courseShapes';
import { storageKeys } from '../../../../shared/domain/storage';
import { storage } from '../../../app/storage';
import type { Moment } from './moments';

/** The achievement celebration: spec §3's `celebration` (show, title, subtitle) and the achievement behind it. */
export interface Celebration {
  show: boolean;
  title: string;
  subtitle: string;
  achievement: Achievement | null;
}

/** The course view state of spec §3, plus the moments still waiting to be celebrated. */
export interface CourseViewState {
  activeCourseId: number | null;
  /** The part on screen; null on the course overview. */
  currCoursePostId: number | null;
  /** The parts Back and Forward lead to; null when there is none. */
  navBack: number | null;
  navForward: number | null;
  showCourseNav: boolean;
  showCourseFinished: boolean;
  /** The name of the course just finished, for its celebration. */
  finishedCourseName: string;
  celebration: Celebration;
  /** The xp dialog's count, while it shows. */
  xpCount: { from: number; to: number } | null;
  /** Moments after the one on screen, oldest first. */
  pending: Moment[];
}

const noCelebration: Celebration = { show: false, title: '', subtitle: '', achievement: null };

export const initialCourseView: CourseViewState = {
  activeCourseId: null,
  currCoursePostId: null,
  navBack: null,
  navForward: null,
  showCourseNav: false,
  showCourseFinished: false,
  finishedCourseName: '',
  celebration: noCelebration,
  xpCount: null,
  pending: [],
};

/** Whether a moment is on screen. */
export const isCelebrating = (state: CourseViewState) =>
  state.xpCount !== null || state.celebration.show || state.showCourseFinished;

/** Puts the next pending moment on screen (or none), replacing the one there. */
export function advanceMoments(state: CourseViewState): CourseViewState {
  const [next, ...rest] = state.pending;
  return {
    ...state,
    pending: rest,
    xpCount: next?.kind === 'xp' ? { from: next.from, to: next.to } : null,
    celebration:
      next?.kind === 'achievement'
        ? {
            show: true,
            title: next.achievement.title,
            subtitle: next.achievement.description,
            achievement: next.achievement,
          }
        : noCelebration,
    showCourseFinished: next?.kind === 'courseFinished',
    finishedCourseName: next?.kind === 'courseFinished' ? next.courseName : state.finishedCourseName,
  };
}

/** Queues moments after those already waiting; the first shows at once when nothing is on screen. */
export function queueMoments(state: CourseViewState, moments: readonly Moment[]): CourseViewState {
  if (moments.length === 0) return state;
  const queued = { ...state, pending: [...state.pending, ...moments] };
  return isCelebrating(state) ? queued : advanceMoments(queued);
}

/** Entering a course (or another one): its navigation opens unless the learner closed it last time. */
export function enterCourse(state: CourseViewState, courseId: number, navRemembered: boolean): CourseViewState {
  if (state.activeCourseId === courseId) return state;
  return { ...initialCourseView, activeCourseId: courseId, showCourseNav: navRemembered };
}

type Listener = () => void;
let state = initialCourseView;
const listeners = new Set<Listener>();

/** The one store of the course view: pages and overlays read it with `useCourseView`. */
export const courseView = {
  get: () => state,
  update(change: (current: CourseViewState) => CourseViewState) {
    const next = change(state);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useCourseView<T>(select: (state: CourseViewState) => T): T {
  return useSyncExternalStore(
    courseView.subscribe,
    () => select(courseView.get()),
    () => select(initialCourseView),
  );
}

/** The drawer's state as the learner last chose it (spec §3 `showCourseNav`); open unless she closed it. */
export const rememberedCourseNav = () => storage.get(storageKeys.showCourseNav) !== 'false';

/** Opens or closes the course navigation; `remember` stores the learner's own choice for her next visit. */
export function setCourseNav(open: boolean, remember: boolean): void {
  if (remember) storage.set(storageKeys.showCourseNav, String(open));
  courseView.update((current) => (current.showCourseNav === open ? current : { ...current, showCourseNav: open }));
}

export const celebrate = (moments: readonly Moment[]) => courseView.update((current) => queueMoments(current, moments));
export const dismissMoment = () => courseView.update(advanceMoments);
export const leaveCourse = () => courseView.update(() => initialCourseView);
