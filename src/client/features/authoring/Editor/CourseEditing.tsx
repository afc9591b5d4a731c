import { Alert, Button, Container, Group, Paper, Text } from '@mantine/core';
import { IconLock, IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inactivityDelay } from '../../../../shared/domain/authoring/editor';
import { ApiError, call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { codeText, errorCode } from '../../../components/errorText';
import { Loading } from '../../../components/LoadState';
import { closeEditingOnExit, inactivityMinutesOf } from './lock';
import type { EditingSession } from './session';
import type { CourseEditingProps } from './types';

// The editor itself (blocks, sorting, history) loads when editing starts, not when a staff member opens a course.
const EditorWorkspace = lazy(() => import('./EditorWorkspace'));

interface Editing {
  holder: string;
  inactivityMinutes: number;
  version: { current: number };
}

type Notice = 'inactive' | 'lockLost' | { lockedBy: string } | { error: string };

/**
 * The course pages for staff (spec §4): the course opens in preview with an Edit button; Edit takes the course's
 * edit lock and opens the editor, or, while someone else holds it, names the holder and stays in preview. Closing,
 * leaving the course, closing the tab and inactivity all end editing and release the lock; drafts the server does
 * not have yet stay in the browser (the part editor keeps them).
 */
export default function CourseEditing(props: CourseEditingProps) {
  const { course, refreshCourse } = props;
  const { t } = useTranslation('courseEditor');
  const { user } = useSession();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const flushes = useRef(new Set<() => Promise<void>>());
  const editingRef = useRef<Editing | null>(null);
  editingRef.current = editing;
  const inactivityTimer = useRef<number | undefined>(undefined);

  const flushAll = useCallback(async () => {
    await Promise.allSettled([...flushes.current].map((flush) => flush()));
  }, []);

  /** Ends editing: the panels' pending work saved first unless the lock is already gone, then the lock released. */
  const finish = useCallback(
    async (how: { save: boolean; release: boolean; notice: Notice | null }) => {
      window.clearTimeout(inactivityTimer.current);
      if (!editingRef.current) return;
      if (how.save) await flushAll();
      if (how.release) {
        try {
          await call('course_lock.php', 'close_course_for_editing', { CourseId: course.Id });
        } catch {
          // The lock lapses by itself after the inactivity limit.
        }
      }
      editingRef.current = null;
      setEditing(null);
      setNotice(how.notice);
      void refreshCourse();
    },
    [course.Id, flushAll, refreshCourse],
  );

  const touch = useCallback(() => {
    const current = editingRef.current;
    if (!current) return;
    window.clearTimeout(inactivityTimer.current);
    const now = Date.now();
    inactivityTimer.current = window.setTimeout(
      // Pending changes are in the browser's storage already (every change is written there at once).
      () => void finish({ save: false, release: true, notice: 'inactive' }),
      inactivityDelay({ now, lastEditAt: now, minutes: current.inactivityMinutes }),
    );
  }, [finish]);

  const edit = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await call('course_lock.php', 'lock_course_for_editing', {
        CourseId: course.Id,
        CoursePartId: props.partId ?? 0,
      });
      const next = {
        holder: answer.LockedByUsername,
        inactivityMinutes: inactivityMinutesOf(answer),
        version: { current: answer.Version },
      };
      editingRef.current = next;
      setEditing(next);
      touch();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'COURSE_LOCKED') {
        setNotice({ lockedBy: String(error.body.LockedByUsername ?? '') });
        void refreshCourse();
      } else setNotice({ error: codeText(errorCode(error)) });
    } finally {
      setBusy(false);
    }
  };

  // Leaving the course (another page of the app, another course) saves what is pending and closes editing; closing
  // the tab releases the lock with a request that outlives the page (the drafts are in the browser already).
  const finishRef = useRef(finish);
  finishRef.current = finish;
  useEffect(() => {
    const onPageHide = () => {
      if (editingRef.current) closeEditingOnExit(course.Id);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      void finishRef.current({ save: true, release: true, notice: null });
    };
  }, [course.Id]);
  useEffect(() => () => window.clearTimeout(inactivityTimer.current), []);

  const session = useMemo<Omit<EditingSession, 'language'> | null>(
    () =>
      editing && user
        ? {
            course,
            userId: user.Id,
            holder: editing.holder,
            version: editing.version,
            touch,
            lost: () => void finish({ save: false, release: false, notice: 'lockLost' }),
            registerFlush: (flush) => {
              flushes.current.add(flush);
              return () => {
                flushes.current.delete(flush);
              };
            },
          }
        : null,
    [editing, user, course, touch, finish],
  );

  if (session) {
    return (
      <Suspense fallback={<Loading />}>
        <EditorWorkspace
          {...props}
          session={session}
          onClose={async () => {
            setBusy(true);
            await finish({ save: true, release: true, notice: null });
            setBusy(false);
          }}
          closing={busy}
        />
      </Suspense>
    );
  }

  const holder = course.LockedByUserId !== null && course.LockedByUserId !== user?.Id ? course.LockedByUsername : null;
  return (
    <>
      <Container size="md" pt="md">
        <Paper withBorder p="sm" role="region" aria-label={t('bar.label')} data-testid="course-edit-bar">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" data-testid="course-lock-holder">
              {holder ? (
                <>
                  <IconLock size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
                  {t('bar.lockedBy', { name: holder })}
                </>
              ) : null}
            </Text>
            <Button
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={edit}
              loading={busy}
              data-testid="course-edit"
            >
              {t('bar.edit')}
            </Button>
          </Group>
          {notice && (
            <Alert
              mt="sm"
              color={notice === 'inactive' || notice === 'lockLost' ? 'orange' : 'red'}
              withCloseButton
              closeButtonLabel={t('bar.dismiss')}
              onClose={() => setNotice(null)}
              role="alert"
              data-testid="course-edit-notice"
            >
              {notice === 'inactive'
                ? t('bar.inactive')
                : notice === 'lockLost'
                  ? t('bar.lockLost')
                  : 'lockedBy' in notice
                    ? t('bar.lockedBy', { name: notice.lockedBy })
                    : notice.error}
            </Alert>
          )}
        </Paper>
      </Container>
      {props.children}
    </>
  );
}
