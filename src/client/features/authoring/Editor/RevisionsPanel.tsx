import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaInfo, PartRevision } from '../../../../shared/contract/authoring/partContent';
import type { CoursePart } from '../../../../shared/contract/learning/courseShapes';
import { call } from '../../../app/api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../components/dates';
import { codeText, errorCode } from '../../../components/errorText';
import { Loading } from '../../../components/LoadState';
import { showToast } from '../../../components/toast';
import { authoringKeys } from '../keys';
import { draftOf } from './draft';
import { useEditingSession } from './session';
import { studentPart } from './studentView';
import type { CourseEditingProps } from './types';
import { writeCourse } from './writes';

/** A part's history (spec: every save is a revision): who saved when, one revision shown, and restored. */
export function RevisionsPanel({
  partId,
  part,
  media,
  renderStudentPart,
  beforeRestore,
  afterRestore,
}: {
  partId: number;
  part: CoursePart;
  media: Record<string, MediaInfo>;
  renderStudentPart: CourseEditingProps['renderStudentPart'];
  beforeRestore(): Promise<void>;
  afterRestore(): Promise<void>;
}) {
  const { t } = useTranslation('courseEditor');
  const session = useEditingSession();
  const queryClient = useQueryClient();
  const courseId = session.course.Id;
  const [viewing, setViewing] = useState<PartRevision | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const revisions = useQuery({
    queryKey: authoringKeys.revisions(courseId, partId),
    queryFn: async () =>
      (await call('course_admin.php', 'get_course_part_revisions', { CourseId: courseId, CoursePartId: partId })).data,
    staleTime: 0,
  });
  const revision = useQuery({
    queryKey: authoringKeys.revision(courseId, viewing?.Id ?? 0),
    queryFn: async () =>
      (await call('course_admin.php', 'get_course_part_revision', { CourseId: courseId, RevisionId: viewing?.Id ?? 0 }))
        .data,
    enabled: viewing !== null,
  });

  const restore = async () => {
    if (!viewing) return;
    setBusy(true);
    await beforeRestore();
    const answer = await writeCourse(
      session,
      (version) =>
        call('course_admin.php', 'restore_course_part_revision', {
          CourseId: courseId,
          Version: version,
          CoursePartId: partId,
          RevisionId: viewing.Id,
        }),
      (error) => t('part.failed', { error }),
    );
    setBusy(false);
    setConfirming(false);
    if (answer) {
      showToast(t('history.restored'), 'green');
      setViewing(null);
      await afterRestore();
      await queryClient.invalidateQueries({ queryKey: authoringKeys.revisions(courseId, partId) });
    }
  };

  const who = (entry: PartRevision) => ({ name: entry.Username, time: formatDateTime(entry.CreatedAt) });

  if (viewing) {
    const data = revision.data;
    return (
      <Stack gap="md" data-testid="revision-view">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('history.viewing', who(viewing))}
          </Title>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setViewing(null)}>
              {t('history.back')}
            </Button>
            <Button size="xs" onClick={() => setConfirming(true)} data-testid="revision-restore">
              {t('history.restore')}
            </Button>
          </Group>
        </Group>
        {revision.isError && <Alert color="red">{codeText(errorCode(revision.error))}</Alert>}
        {data ? (
          <Paper withBorder p="md">
            {renderStudentPart(
              studentPart(part, draftOf(data), {
                course: session.course,
                media: { ...media, ...data.Media },
                language: session.language,
                defaultLanguage: data.DefaultLanguage,
              }).part,
            )}
          </Paper>
        ) : (
          !revision.isError && <Loading />
        )}
        <ConfirmDialog
          opened={confirming}
          title={t('history.restoreTitle')}
          text={t('history.restoreText', who(viewing))}
          cancel={t('parts.cancel')}
          onCancel={() => setConfirming(false)}
          confirm={t('history.restore')}
          onConfirm={() => void restore()}
          busy={busy}
          focusCancel
          confirmTestId="revision-restore-confirm"
        />
      </Stack>
    );
  }

  return (
    <section aria-labelledby="history-title" data-testid="revisions">
      <Title order={2} size="h4" mb="sm" id="history-title">
        {t('history.title')}
      </Title>
      {revisions.isPending ? (
        <Loading />
      ) : revisions.isError ? (
        <Alert color="red">{codeText(errorCode(revisions.error))}</Alert>
      ) : revisions.data.length === 0 ? (
        <Text c="dimmed">{t('history.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {revisions.data.map((entry) => (
            <Paper key={entry.Id} withBorder p="xs" component="li" data-testid="revision">
              <Group justify="space-between">
                <Text size="sm">{t('history.entry', who(entry))}</Text>
                <Button variant="subtle" size="xs" onClick={() => setViewing(entry)}>
                  {t('history.view')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}
