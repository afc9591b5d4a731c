import { Container } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { CoursePart } from '../../../../shared/contract/learning/courseShapes';
import { type CourseDenial, denialReasons } from '../../../../shared/domain/guards';
import { COURSE_FAIL_REDIRECT_MS } from '../../../../shared/domain/learning/course';
import { neighbours } from '../../../../shared/domain/learning/courseNavigation';
import { storageKeys } from '../../../../shared/domain/storage';
import { ApiError } from '../../../app/api';
import { useSession } from '../../../app/session';
import { storage } from '../../../app/storage';
import { Loading } from '../../../components/LoadState';
import { PageLoadError } from '../../../components/Notices';
import { showToast } from '../../../components/toast';
import { CourseEditing } from '../../authoring';
import { type BlockHost, BlockHostProvider } from '../blocks/BlockHost';
import { BlockList } from '../blocks/BlockList';
import { learningKeys } from '../keys';
import { BottomBar } from './BottomBar';
import { CourseContext, type CourseContextValue, coursePath, partPath } from './CourseContext';
import { CourseNav } from './CourseNav';
import CourseOverviewPage from './CourseOverviewPage';
import CoursePartPage from './CoursePartPage';
import classes from './course.module.css';
import { HelpButton } from './HelpButton';
import { courseOutline } from './outline';
import { idFromParam, partIdOf } from './paths';
import { useCourse, useCourseAccess } from './queries';
import { useCourseSteps } from './steps';
import { courseView, enterCourse, leaveCourse, rememberedCourseNav, setCourseNav } from './store';
import { CourseTour } from './tour/CourseTour';

// The overlays wait for the first moment to celebrate; their code is not needed to read a page.
const CourseOverlays = lazy(() => import('./overlays/CourseOverlays'));

/**
 * The frame of /course/:id and /course/:id/post/:id2: loads the course, checks access, and holds the course
 * navigation (bottom bar and drawer) and the xp overlays while the learner moves between its pages. It picks its
 * page itself (one chunk with them, so the app's first load neither lists each page nor needs nested routes).
 */
export default function CourseLayout() {
  const { t } = useTranslation('learning');
  const params = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const courseId = idFromParam(params.id);
  const partId = partIdOf(params['*'] ?? '');
  const course = useCourse(courseId);
  const access = useCourseAccess(courseId);
  const steps = useCourseSteps(course.data);
  const queryClient = useQueryClient();
  const refreshCourse = useCallback(
    () => queryClient.invalidateQueries({ queryKey: learningKeys.course(courseId ?? 0, session.user?.Id ?? 0) }),
    [queryClient, courseId, session.user?.Id],
  );

  // Entering a course opens its navigation (unless the learner closed it last time); leaving closes it.
  useEffect(() => {
    if (courseId === null) return;
    courseView.update((state) => enterCourse(state, courseId, rememberedCourseNav()));
    storage.set(storageKeys.courseId, String(courseId));
  }, [courseId]);
  useEffect(() => () => leaveCourse(), []);

  // No access means /denied; any other failure to load shows the error code and goes to sign-in (spec §8).
  const handled = useRef(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another course is judged afresh
  useEffect(() => {
    handled.current = false;
  }, [courseId]);
  const failed = courseId === null || course.isError;
  const accessSettled = !access.isPending || access.fetchStatus === 'idle';
  const code = courseId === null ? 'NOT_FOUND' : course.error instanceof ApiError ? course.error.code : null;
  useEffect(() => {
    if (handled.current) return;
    // The server says she may not open the course, or there is no such course (an address that names none too):
    // /denied says which (spec §6, §8), once get_course has told them apart.
    if ((access.data === 0 && course.isError) || code === 'NOT_FOUND') {
      handled.current = true;
      setCourseNav(false, false);
      const denial: CourseDenial = code === 'NOT_FOUND' ? 'notFound' : 'noAccess';
      navigate('/denied', { replace: true, state: { reason: denialReasons.noAccess, course: denial } });
      return;
    }
    if (!failed || !accessSettled) return;
    handled.current = true;
    showToast(t('loadError', { code: code ?? 'SERVER_ERROR' }), 'red');
    setCourseNav(false, false);
    redirect.current = setTimeout(() => navigate('/login'), COURSE_FAIL_REDIRECT_MS);
  }, [access.data, course.isError, code, failed, accessSettled, navigate, t]);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const value = useMemo<CourseContextValue | null>(() => {
    if (!course.data) return null;
    const outline = courseOutline(course.data.CourseParts);
    // What the viewer may do comes with the course, decided by the server's rules (get_course `Abilities`).
    const { ViewAsStaff, SeeAdminMarkers } = course.data.Abilities;
    return {
      course: course.data,
      outline,
      order: outline.map((entry) => entry.part.Id),
      partsById: new Map(course.data.CourseParts.map((part) => [part.Id, part])),
      viewer: { staff: ViewAsStaff, admin: SeeAdminMarkers },
      steps,
    };
  }, [course.data, steps]);

  // Back and Forward from where the learner is (spec §2), kept in the course view state.
  const order = value?.order;
  useEffect(() => {
    if (!order) return;
    const { back, forward } = neighbours(order, partId);
    courseView.update((state) =>
      state.currCoursePostId === partId && state.navBack === back && state.navForward === forward
        ? state
        : { ...state, currCoursePostId: partId, navBack: back, navForward: forward },
    );
  }, [order, partId]);

  // Staff edit the course on its own pages (spec §4): the editor shows a draft's blocks as a learner would see them
  // through the same renderers, on a page that records nothing.
  const partsById = value?.partsById;
  const renderStudentPart = useCallback(
    (part: CoursePart): ReactNode => {
      const host: BlockHost = {
        mode: 'free',
        part,
        courseId: courseId ?? undefined,
        staff: false,
        linkToPart: (id) => (courseId !== null && partsById?.has(id) ? partPath(courseId, id) : null),
        partById: (id) => partsById?.get(id),
      };
      return (
        <BlockHostProvider host={host}>
          <BlockList blocks={part.Blocks} />
        </BlockHostProvider>
      );
    },
    [courseId, partsById],
  );
  const openPart = useCallback(
    (id: number | null) => {
      if (courseId !== null) navigate(id === null ? coursePath(courseId) : partPath(courseId, id));
    },
    [courseId, navigate],
  );

  if (!value) {
    const broken = failed || (session.checked && !session.user);
    return (
      <div className={classes.layout}>
        <Container size="md" py="xl" className={classes.content}>
          {broken ? <PageLoadError title={t('nav.overview')} /> : <Loading />}
        </Container>
      </div>
    );
  }

  const page = partId === null ? <CourseOverviewPage /> : <CoursePartPage partId={partId} />;
  return (
    <CourseContext.Provider value={value}>
      <div className={classes.frame}>
        <CourseNav />
        <div className={classes.layout}>
          <div className={classes.content} data-tour="course-content">
            {value.viewer.staff ? (
              <Suspense fallback={page}>
                <CourseEditing
                  key={value.course.Id}
                  course={value.course}
                  partId={partId}
                  refreshCourse={refreshCourse}
                  renderStudentPart={renderStudentPart}
                  openPart={openPart}
                >
                  {page}
                </CourseEditing>
              </Suspense>
            ) : (
              page
            )}
          </div>
          <BottomBar
            help={
              <Suspense fallback={null}>
                <HelpButton courseId={value.course.Id} partId={partId} />
              </Suspense>
            }
          />
        </div>
      </div>
      <CourseTour />
      <Suspense fallback={null}>
        <CourseOverlays />
      </Suspense>
    </CourseContext.Provider>
  );
}
