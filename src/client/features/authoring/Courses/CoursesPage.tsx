import {
  ActionIcon,
  Button,
  Card,
  Container,
  Group,
  Menu,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CourseListItem, CourseState } from '../../../../shared/contract/authoring/courses';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText } from '../../../components/errorText';
import { Loading, QueryState } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { showToast } from '../../../components/toast';
import { type Tone, ToneBadge, toneText } from '../../../components/tone';
import { ImportDialog } from './ImportDialog';
import { NameDialog } from './NameDialog';
import { useCourseChange, useCourseSettings, useCourses } from './queries';
import { exportCourse } from './transfer';

// The settings form (with its inputs, most of the page's code) loads when first opened: the list is what the page
// shows first.
const loadSettingsForm = () => import('./CourseSettingsForm');
const CourseSettingsForm = lazy(() => loadSettingsForm().then((m) => ({ default: m.CourseSettingsForm })));

const stateTone: Record<CourseState, Tone> = { published: 'teal', unpublished: 'grape', draft: 'yellow' };

type Dialog =
  | { kind: 'create' | 'import' }
  | { kind: 'rename' | 'duplicate' | 'archive' | 'restore' | 'settings'; course: CourseListItem };

type Confirmed = { kind: 'duplicate' | 'archive' | 'restore'; course: CourseListItem };
const isConfirmed = (dialog: Dialog): dialog is Confirmed =>
  dialog.kind === 'duplicate' || dialog.kind === 'archive' || dialog.kind === 'restore';
const doneText = {
  duplicate: 'courses.duplicated',
  archive: 'courses.archivedDone',
  restore: 'courses.restored',
} as const;

/** /Courses: the site's courses for staff, with their state, parts, learners and who edits each (spec §2). */
export default function CoursesPage() {
  const { t } = useTranslation('authoring');
  const courses = useCourses();
  const change = useCourseChange();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');

  const confirmed = dialog && isConfirmed(dialog) ? dialog : null;
  const run = async (step: Parameters<typeof change.mutateAsync>[0], done: string) => {
    try {
      await change.mutateAsync(step);
      showToast(done, 'green');
      setDialog(null);
    } catch (error) {
      showToast(errorText(error), 'red');
    }
  };

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <PageHeading title={t('courses.title')} intro={t('courses.intro')} />
        </div>
        <Group gap="sm">
          <Button variant="default" onClick={() => setDialog({ kind: 'import' })} data-testid="course-import">
            {t('courses.importCourse')}
          </Button>
          <Button onClick={() => setDialog({ kind: 'create' })} data-testid="course-create">
            {t('courses.create')}
          </Button>
        </Group>
      </Group>
      <QueryState query={courses}>
        {(list) => {
          const shown = list.filter((course) => showArchived || !course.Archived);
          return (
            <Stack gap="sm" mt="lg">
              <Group justify="space-between">
                <Text size="sm" c="dimmed" role="status" data-testid="course-count">
                  {shown.length === 0 ? t('courses.empty') : t('courses.count', { count: shown.length })}
                </Text>
                <Switch
                  label={t('courses.showArchived')}
                  checked={showArchived}
                  onChange={(event) => setShowArchived(event.currentTarget.checked)}
                  data-testid="show-archived"
                />
              </Group>
              {shown.length > 0 &&
                (phone ? (
                  <Stack gap="sm">
                    {shown.map((course) => (
                      <Card key={course.Id} withBorder data-testid="course-row">
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <Stack gap={4}>
                            <Text fw={600}>{course.Name}</Text>
                            <CourseBadges course={course} />
                            <Text size="sm" c="dimmed">
                              {t('courses.parts')}: {course.Parts} · {t('courses.learners')}: {course.Learners}
                            </Text>
                            {course.LockedByUsername !== null && (
                              <Text size="sm" {...toneText('orange')} data-testid="course-editor">
                                {t('courses.editedBy', { name: course.LockedByUsername })}
                              </Text>
                            )}
                          </Stack>
                          <CourseActions course={course} onPick={setDialog} />
                        </Group>
                      </Card>
                    ))}
                  </Stack>
                ) : (
                  <Table striped highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('courses.name')}</Table.Th>
                        <Table.Th>{t('courses.status')}</Table.Th>
                        <Table.Th ta="right">{t('courses.parts')}</Table.Th>
                        <Table.Th ta="right">{t('courses.learners')}</Table.Th>
                        <Table.Th>{t('courses.editing')}</Table.Th>
                        <Table.Th ta="right">{t('courses.actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {shown.map((course) => (
                        <Table.Tr key={course.Id} data-testid="course-row">
                          <Table.Td fw={600}>{course.Name}</Table.Td>
                          <Table.Td>
                            <CourseBadges course={course} />
                          </Table.Td>
                          <Table.Td ta="right">{course.Parts}</Table.Td>
                          <Table.Td ta="right">{course.Learners}</Table.Td>
                          <Table.Td>
                            <CourseEditor course={course} />
                          </Table.Td>
                          <Table.Td ta="right">
                            <CourseActions course={course} onPick={setDialog} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                ))}
            </Stack>
          );
        }}
      </QueryState>

      {dialog?.kind === 'create' && (
        <NameDialog
          title={t('courses.createTitle')}
          initialName=""
          busy={change.isPending}
          error={null}
          onCancel={() => setDialog(null)}
          onSave={(name) => run({ kind: 'create', name }, t('courses.created'))}
        />
      )}
      {dialog?.kind === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('courses.renameTitle')}
          initialName={dialog.course.Name}
          busy={change.isPending}
          error={null}
          onCancel={() => setDialog(null)}
          onSave={(name) => run({ kind: 'rename', courseId: dialog.course.Id, name }, t('courses.renamed'))}
        />
      )}
      {confirmed && (
        <ConfirmDialog
          opened
          title={t(`courses.${confirmed.kind}Title`)}
          text={t(`courses.${confirmed.kind}Text`, { name: confirmed.course.Name })}
          cancel={t('courses.cancel')}
          onCancel={() => setDialog(null)}
          confirm={t(`courses.${confirmed.kind}`)}
          confirmColor={confirmed.kind === 'archive' ? 'red' : undefined}
          busy={change.isPending}
          confirmTestId="course-confirm"
          onConfirm={() => run({ kind: confirmed.kind, courseId: confirmed.course.Id }, t(doneText[confirmed.kind]))}
        />
      )}
      {dialog?.kind === 'settings' && (
        <Modal
          opened
          onClose={() => setDialog(null)}
          title={t('settings.title', { name: dialog.course.Name })}
          size="lg"
          fullScreen={phone}
          closeButtonProps={{ 'aria-label': t('courses.cancel') }}
        >
          <SettingsLoader courseId={dialog.course.Id} onDone={() => setDialog(null)} />
        </Modal>
      )}
    </Container>
  );
}

function CourseBadges({ course }: { course: CourseListItem }) {
  const { t } = useTranslation('authoring');
  return (
    <Group gap={6}>
      <ToneBadge tone={stateTone[course.Status]} data-testid="course-status">
        {t(`courses.state.${course.Status}`)}
      </ToneBadge>
      {course.Archived && (
        <ToneBadge tone="red" data-testid="course-archived">
          {t('courses.archived')}
        </ToneBadge>
      )}
    </Group>
  );
}

/** Who holds the course's edit lock now, or a dash (read out as "nobody"). */
function CourseEditor({ course }: { course: CourseListItem }) {
  const { t } = useTranslation('authoring');
  if (course.LockedByUsername === null) {
    return (
      <Text size="sm" c="dimmed">
        <span aria-hidden="true">—</span>
        <VisuallyHidden>{t('courses.nobodyEditing')}</VisuallyHidden>
      </Text>
    );
  }
  return (
    <Text size="sm" {...toneText('orange')} data-testid="course-editor">
      {course.LockedByUsername}
    </Text>
  );
}

/** Downloads the course's file; a refusal (a medium gone from storage) is told. */
async function runExport(course: CourseListItem, started: string) {
  try {
    await exportCourse(course.Id);
    showToast(started, 'green');
  } catch (error) {
    showToast(errorText(error), 'red');
  }
}

function CourseActions({ course, onPick }: { course: CourseListItem; onPick(dialog: Dialog): void }) {
  const { t } = useTranslation('authoring');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('courses.actionsFor', { name: course.Name })} size="lg">
          <span aria-hidden="true">⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={`/course/${course.Id}`}>
          {t('courses.open')}
        </Menu.Item>
        <Menu.Item onClick={() => onPick({ kind: 'settings', course })}>{t('courses.settings')}</Menu.Item>
        <Menu.Item onClick={() => onPick({ kind: 'rename', course })}>{t('courses.rename')}</Menu.Item>
        <Menu.Item onClick={() => onPick({ kind: 'duplicate', course })}>{t('courses.duplicate')}</Menu.Item>
        <Menu.Item onClick={() => void runExport(course, t('courses.exportStarted'))} data-testid="course-export">
          {t('courses.export')}
        </Menu.Item>
        {course.Archived ? (
          <Menu.Item onClick={() => onPick({ kind: 'restore', course })}>{t('courses.restore')}</Menu.Item>
        ) : (
          <Menu.Item color="red" onClick={() => onPick({ kind: 'archive', course })}>
            {t('courses.archive')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The form renders once the settings and its chunk have loaded (it starts from them); both load at once. */
function SettingsLoader({ courseId, onDone }: { courseId: number; onDone(): void }) {
  const settings = useCourseSettings(courseId);
  useEffect(() => {
    void loadSettingsForm();
  }, []);
  if (settings.isPending) return <Loading section />;
  return (
    <QueryState query={settings}>
      {(answer) => (
        <Suspense fallback={<Loading section />}>
          <CourseSettingsForm
            courseId={courseId}
            settings={answer.data}
            coaches={answer.coaches}
            defaultLanguage={answer.DefaultLanguage}
            onDone={onDone}
          />
        </Suspense>
      )}
    </QueryState>
  );
}
