import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserExam } from '../../../../shared/contract/coaching/userExam';
import type { BlockOf } from '../../../../shared/contract/learning/courseShapes';
import { isBlankRichText } from '../../../../shared/domain/coaching/chat';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/dates';
import { errorText } from '../../../components/errorText';
import { LazyRichTextField } from '../../../components/LazyRichTextField';
import { LoadError, Loading } from '../../../components/LoadState';
import { FieldError } from '../../../components/Notices';
import { RichText } from '../../../components/RichText';
import { showToast } from '../../../components/toast';
import { alertTone, tone } from '../../../components/tone';
import { UnsavedBadge, UnsavedChangesGuard } from '../../../components/UnsavedChanges';
import { coachingKeys, ExamStateBadge, examState, useBlockExam } from '../../coaching';
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
  const { t } = useTranslation('learning');
  const queryClient = useQueryClient();
  const query = useBlockExam(exam);
  const dateOf = (iso: string | null) => (iso ? formatDateTime(iso) : '');
  const key = coachingKeys.exams.ofBlock(exam.userId, exam.courseId, exam.blockId);
  const [draft, setDraft] = useState<string | null>(null);
  const [emptyAnswer, setEmptyAnswer] = useState(false);
  const saved = query.data?.Answer ?? '';
  const dirty = draft !== null && draft !== saved;

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

  const settle = (updated: UserExam) => {
    queryClient.setQueryData(key, updated);
    setDraft(null);
  };

  const save = useMutation({
    mutationFn: async () =>
      (await call('user_exam.php', 'save_user_exam', { ...toWire(exam), Answer: draft ?? saved })).data,
    onSuccess: (updated) => {
      settle(updated);
      showToast(t('exam.saved'), 'green');
    },
    onError: (error) => showToast(errorText(error), 'red'),
  });

  const submit = useMutation({
    mutationFn: async () => {
      const answer = draft ?? saved;
      // Only a started exam can be handed in: the first save starts it.
      if (query.data?.Status === 'not_started') {
        await call('user_exam.php', 'save_user_exam', { ...toWire(exam), Answer: answer });
      }
      return (await call('user_exam.php', 'submit_user_exam', { ...toWire(exam), Answer: answer })).data;
    },
    onSuccess: (updated) => {
      settle(updated);
      showToast(t('exam.submitted'), 'green');
    },
    onError: (error) => showToast(errorText(error), 'red'),
  });

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
  const busy = save.isPending || submit.isPending;

  return (
    <ExamCard block={block} state={<ExamStateBadge state={state} />}>
      <Text size="sm" role="status" data-testid="exam-intro">
        {state === 'submitted'
          ? t('exam.intro.submitted', { date: dateOf(data.SubmittedDate) })
          : state === 'completed'
            ? t('exam.intro.completed', { date: dateOf(data.ReviewedDate) })
            : t(`exam.intro.${state}`)}
      </Text>
      {data.ReviewComment && (
        <Alert
          variant="light"
          {...alertTone(state === 'completed' ? 'teal' : 'orange')}
          title={t('exam.coachComment')}
          data-testid="exam-comment"
        >
          <RichText html={data.ReviewComment} />
        </Alert>
      )}
      {data.UserCanEdit ? (
        <Stack gap="sm">
          <LazyRichTextField
            key={`${data.UserExamId}-${data.Submissions}`}
            initialContent={saved}
            label={t('exam.yourAnswer')}
            onChange={(html) => {
              setDraft(html);
              setEmptyAnswer(false);
            }}
          />
          {emptyAnswer && <FieldError>{t('exam.empty')}</FieldError>}
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={() => save.mutate()}
              loading={save.isPending}
              disabled={busy || !dirty}
              data-testid="save-exam"
            >
              {t('exam.save')}
            </Button>
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              onClick={() => {
                if (isBlankRichText(draft ?? saved)) {
                  setEmptyAnswer(true);
                  return;
                }
                submit.mutate();
              }}
              loading={submit.isPending}
              disabled={busy}
              data-testid="submit-exam"
            >
              {t('exam.submit')}
            </Button>
            {dirty && <UnsavedBadge data-testid="exam-unsaved">{t('exam.unsavedBadge')}</UnsavedBadge>}
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
      <UnsavedChangesGuard dirty={dirty} title={t('exam.unsaved.title')} text={t('exam.unsaved.text')} />
    </ExamCard>
  );
}

const toWire = (exam: { userId: number; courseId: number; blockId: number }) => ({
  UserId: exam.userId,
  CourseId: exam.courseId,
  BlockId: exam.blockId,
});
