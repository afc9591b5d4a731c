import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REVIEW_SCORE_MAX } from '../../../../shared/contract/coaching/userExam';
import type { BlockOf } from '../../../../shared/contract/learning/courseShapes';
import { isBlankRichText } from '../../../../shared/domain/coaching/chat';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/dates';
import { LazyRichTextField } from '../../../components/LazyRichTextField';
import { LoadError, Loading } from '../../../components/LoadState';
import { FieldError } from '../../../components/Notices';
import { RichText } from '../../../components/RichText';
import { alertTone, tone } from '../../../components/tone';
import { UnsavedBadge, UnsavedChangesGuard } from '../../../components/UnsavedChanges';
import { ExamStateBadge, examState, useBlockExam, useExamAnswer } from '../../coaching';
import { learningKeys } from '../keys';
import { useBlockHost } from './BlockHost';
import classes from './blocks.module.css';

type ExamBlockKind = BlockOf<'Exam' | 'FinalExam' | 'Question'>;

const kindKey = { Exam: 'exam', FinalExam: 'finalExam', Question: 'question' } as const;

/**
 * An exam, final exam or question: its instructions, and on a learner's course page her answer through spec §4's
 * states (not started → in progress → submitted, waiting for review → completed, or back to in progress with the
 * coach's comment). Staff see where the answers are reviewed; a free lesson only shows the instructions.
 */
export function ExamBlock({ block }: { block: ExamBlockKind }) {
  const { t } = useTranslation('learning');
  const host = useBlockHost();
  const { user } = useSession();
  if (host.mode !== 'course' || host.courseId === undefined || !user) {
    return (
      <ExamCard block={block}>
        <Text size="sm" c="dimmed">
          {t('exam.openCourse')}
        </Text>
      </ExamCard>
    );
  }
  if (host.staff) {
    return (
      <ExamCard block={block}>
        <Text size="sm">{t('exam.staff')}</Text>
        <Anchor component={Link} to={`/Tasks?condition=all&course=${host.courseId}`} size="sm">
          {t('exam.staffLink')}
        </Anchor>
      </ExamCard>
    );
  }
  return <LearnerExam block={block} exam={{ userId: user.Id, courseId: host.courseId, blockId: block.Id }} />;
}

function ExamCard({ block, state, children }: { block: ExamBlockKind; state?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation('learning');
  return (
    <Card
      withBorder
      padding="md"
      className={classes.instruction}
      data-block-kind={block.BlockType}
      data-testid="exam-block"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Badge variant="light" {...tone('grape')}>
            {t(`blocks.${kindKey[block.BlockType]}`)}
          </Badge>
          {state}
        </Group>
        <RichText html={block.Content.html} />
        {children}
      </Stack>
    </Card>
  );
}

function LearnerExam({
  block,
  exam,
}: {
  block: ExamBlockKind;
  exam: { userId: number; courseId: number; blockId: number };
}) {
  const { t } = useTranslation(['learning', 'coaching']);
  const queryClient = useQueryClient();
  const query = useBlockExam(exam);
  const dateOf = (iso: string | null) => (iso ? formatDateTime(iso) : '');
  const [emptyAnswer, setEmptyAnswer] = useState(false);
  const writing = useExamAnswer(exam, query.data);

  // A review decided while the learner looks on: the part and the course's progress have moved with it.
  const status = query.data?.Status;
  const lastStatus = useRef(status);
  useEffect(() => {
    if (lastStatus.current === 'submitted' && status !== undefined && status !== 'submitted') {
      void queryClient.invalidateQueries({ queryKey: learningKeys.course(exam.courseId, exam.userId) });
      void queryClient.invalidateQueries({ queryKey: learningKeys.allMyCourses });
    }
    lastStatus.current = status;
  }, [status, queryClient, exam.courseId, exam.userId]);

  if (query.isPending) {
    return (
      <ExamCard block={block}>
        <Loading section />
      </ExamCard>
    );
  }
  if (query.isError) {
    return (
      <ExamCard block={block}>
        <LoadError>{t('exam.loadFailed')}</LoadError>
      </ExamCard>
    );
  }

  const data = query.data;
  const state = examState(data);

  return (
    <ExamCard block={block} state={<ExamStateBadge state={state} />}>
      <Text size="sm" role="status" data-testid="exam-intro">
        {state === 'submitted'
          ? t('exam.intro.submitted', { date: dateOf(data.SubmittedDate) })
          : state === 'completed'
            ? t('exam.intro.completed', { date: dateOf(data.ReviewedDate) })
            : t(`exam.intro.${state}`)}
      </Text>
      {(data.ReviewComment || data.ReviewScore !== null) && (
        <Alert
          variant="light"
          {...alertTone(state === 'completed' ? 'teal' : 'orange')}
          title={t('exam.coachComment')}
          data-testid="exam-comment"
        >
          <Stack gap="xs">
            {data.ReviewScore !== null && (
              <Text fw={600} size="sm" data-testid="exam-score">
                {t('coaching:examAnswer.score', { score: data.ReviewScore, max: REVIEW_SCORE_MAX })}
              </Text>
            )}
            {data.ReviewComment && <RichText html={data.ReviewComment} />}
          </Stack>
        </Alert>
      )}
      {data.UserCanEdit ? (
        <Stack gap="sm">
          <LazyRichTextField
            // A returned answer is a new round: the editor starts from what was handed in.
            key={data.Submissions}
            initialContent={data.Answer}
            label={t('exam.yourAnswer')}
            onChange={(html) => {
              writing.change(html);
              setEmptyAnswer(false);
            }}
          />
          {emptyAnswer && <FieldError>{t('exam.empty')}</FieldError>}
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={writing.saveNow}
              disabled={writing.busy || !writing.dirty}
              data-testid="save-exam"
            >
              {t('exam.save')}
            </Button>
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              onClick={() => {
                if (isBlankRichText(writing.answer)) {
                  setEmptyAnswer(true);
                  return;
                }
                writing.submit();
              }}
              loading={writing.submitting}
              disabled={writing.busy}
              data-testid="submit-exam"
            >
              {t('exam.submit')}
            </Button>
            <DraftStatus state={writing.draftState} />
          </Group>
          <Text size="xs" c="dimmed">
            {t('exam.submitHint')}
          </Text>
        </Stack>
      ) : (
        <div>
          <Text fw={500} size="sm" mb={4}>
            {t('exam.yourAnswer')}
          </Text>
          <div className={classes.examAnswer} data-testid="exam-answer">
            <RichText html={data.Answer} />
          </div>
        </div>
      )}
      <UnsavedChangesGuard dirty={writing.dirty} title={t('exam.unsaved.title')} text={t('exam.unsaved.text')} />
    </ExamCard>
  );
}

/** Beside the buttons: changes not saved yet, the draft being saved, or saved (announced politely). */
function DraftStatus({ state }: { state: ReturnType<typeof useExamAnswer>['draftState'] }) {
  const { t } = useTranslation(['learning', 'coaching']);
  if (state === 'unsaved') return <UnsavedBadge data-testid="exam-unsaved">{t('exam.unsavedBadge')}</UnsavedBadge>;
  return (
    <Text size="sm" c="dimmed" aria-live="polite" data-testid="exam-draft" data-state={state ?? 'none'}>
      {state === 'saving' ? t('coaching:examAnswer.saving') : state === 'saved' ? t('coaching:examAnswer.saved') : ''}
    </Text>
  );
}
