import { Alert, Anchor, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Task } from '../../../../shared/contract/coaching/tasks';
import { REVIEW_SCORE_MAX, reviewScore } from '../../../../shared/contract/coaching/userExam';
import { isBlankRichText } from '../../../../shared/domain/coaching/chat';
import { call } from '../../../app/api';
import { appKeys } from '../../../app/keys';
import { formatDateTime } from '../../../components/dates';
import { errorText } from '../../../components/errorText';
import { LazyRichTextField } from '../../../components/LazyRichTextField';
import { LoadError, Loading } from '../../../components/LoadState';
import { FieldError } from '../../../components/Notices';
import { RichText } from '../../../components/RichText';
import { showToast } from '../../../components/toast';
import { ExamStateBadge } from '../exams/ExamStateBadge';
import { type ExamState, examState, useExamById } from '../exams/exams';
import { coachingKeys } from '../keys';
import { TaskSection } from './TaskBits';
import classes from './tasks.module.css';

/** What the page says of a submission that does not wait for review. */
const closedState = (state: ExamState) => (state === 'submitted' ? 'in_progress' : state);

/**
 * The submission a review task is about: the learner's answer, and while it waits, the coach's approval (the part
 * completes for her, spec §4) or its return with a comment.
 */
export function ExamReview({
  task,
  exam,
}: {
  task: Task;
  exam: { userExamId: number; userId: number; courseId: number };
}) {
  const { t } = useTranslation(['coaching', 'learning', 'shell']);
  const queryClient = useQueryClient();
  const query = useExamById(exam);
  const [comment, setComment] = useState('');
  const [commentMissing, setCommentMissing] = useState(false);
  // The score as typed: empty for none; checked with the contract's own rule before it is sent.
  const [score, setScore] = useState<string | number>('');
  const [scoreInvalid, setScoreInvalid] = useState(false);
  // A new editor after each review, so the next comment starts empty.
  const [round, setRound] = useState(0);

  const review = useMutation({
    mutationFn: async (approve: boolean) =>
      (
        await call('user_exam.php', 'review_user_exam', {
          UserExamId: exam.userExamId,
          Approve: approve,
          Comment: isBlankRichText(comment) ? '' : comment,
          ...(score === '' ? {} : { Score: Number(score) }),
        })
      ).data,
    onSuccess: (reviewed, approve) => {
      queryClient.setQueryData(coachingKeys.exams.byId(exam.userExamId), reviewed);
      // The review completed the task and, when approved, the learner's part: tasks and learning are fetched again.
      void queryClient.invalidateQueries({ queryKey: coachingKeys.tasks.all });
      void queryClient.invalidateQueries({ queryKey: appKeys.progress });
      setComment('');
      setScore('');
      setRound((current) => current + 1);
      showToast(approve ? t('review.approved') : t('review.returned'), 'green');
    },
    onError: (error) => showToast(t('saveFailed', { reason: errorText(error) }), 'red'),
  });

  const submitReview = (approve: boolean) => {
    if (!approve && isBlankRichText(comment)) {
      setCommentMissing(true);
      return;
    }
    setCommentMissing(false);
    if (score !== '' && !reviewScore.safeParse(Number(score)).success) {
      setScoreInvalid(true);
      return;
    }
    review.mutate(approve);
  };

  return (
    <TaskSection id="exam-review" title={t('review.title')} gap="md" data-testid="exam-review">
      {query.isPending ? (
        <Loading section />
      ) : query.isError ? (
        <LoadError>{t('review.loadFailed')}</LoadError>
      ) : (
        <>
          <Group justify="space-between" gap="sm" align="flex-start">
            <Stack gap={2} miw={0}>
              <Text fw={600} className={classes.title}>
                {query.data.BlockTitle || query.data.PartName}
              </Text>
              {query.data.BlockTitle && query.data.BlockTitle !== query.data.PartName && (
                <Text size="sm" c="dimmed">
                  {query.data.PartName}
                </Text>
              )}
            </Stack>
            <ExamStateBadge state={examState(query.data)} />
          </Group>
          <Text size="sm" c="dimmed">
            {query.data.SubmittedDate && t('review.submitted', { date: formatDateTime(query.data.SubmittedDate) })}
            {query.data.SubmittedDate && ' · '}
            {t('review.submissions', { count: query.data.Submissions })}
            {query.data.ReviewedDate && (
              <>
                {' · '}
                {t('review.reviewed', { date: formatDateTime(query.data.ReviewedDate) })}
              </>
            )}
          </Text>
          <Anchor component={Link} to={`/course/${query.data.CourseId}/post/${query.data.CoursePartId}`} size="sm">
            <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
            {t('review.openPart')}
          </Anchor>
          <div>
            <Text fw={500} size="sm" mb={4}>
              {t('review.answer', { name: task.UserRealName ?? '' })}
            </Text>
            <div className={classes.answer} data-testid="exam-answer">
              {query.data.Answer.trim() ? (
                <RichText html={query.data.Answer} />
              ) : (
                <Text c="dimmed">{t('review.noAnswer')}</Text>
              )}
            </div>
          </div>
          {(query.data.ReviewComment || query.data.ReviewScore !== null) && (
            <Alert variant="light" color="gray" title={t('review.lastComment')}>
              <Stack gap="xs">
                {query.data.ReviewScore !== null && (
                  <Text size="sm" fw={600} data-testid="previous-score">
                    {t('reviewScore.previous', { score: query.data.ReviewScore, max: REVIEW_SCORE_MAX })}
                  </Text>
                )}
                {query.data.ReviewComment && <RichText html={query.data.ReviewComment} />}
              </Stack>
            </Alert>
          )}
          {query.data.Status === 'submitted' ? (
            <Stack gap="sm" data-testid="review-form">
              <Text fw={500} size="sm">
                {t('review.comment')}
              </Text>
              <LazyRichTextField
                key={round}
                initialContent=""
                label={t('review.comment')}
                onChange={(html) => {
                  setComment(html);
                  setCommentMissing(false);
                }}
              />
              <Text size="xs" c="dimmed">
                {t('review.commentHint')}
              </Text>
              {commentMissing && <FieldError>{t('review.commentRequired')}</FieldError>}
              <NumberInput
                key={`score-${round}`}
                label={t('reviewScore.label')}
                description={t('reviewScore.hint', { max: REVIEW_SCORE_MAX })}
                value={score}
                onChange={(value) => {
                  setScore(value);
                  setScoreInvalid(false);
                }}
                min={0}
                max={REVIEW_SCORE_MAX}
                // Out of range or a fraction is said, not silently changed to what the coach did not type.
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                error={scoreInvalid ? t('reviewScore.invalid', { max: REVIEW_SCORE_MAX }) : undefined}
                w={{ base: '100%', xs: 360 }}
                data-testid="review-score"
              />
              <Group gap="sm">
                <Button
                  color="teal.9"
                  leftSection={<IconCheck size={16} aria-hidden />}
                  onClick={() => submitReview(true)}
                  loading={review.isPending && review.variables === true}
                  disabled={review.isPending}
                  data-testid="approve-exam"
                >
                  {t('review.approve')}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconArrowBackUp size={16} aria-hidden />}
                  onClick={() => submitReview(false)}
                  loading={review.isPending && review.variables === false}
                  disabled={review.isPending}
                  data-testid="return-exam"
                >
                  {t('review.return')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Text size="sm" data-testid="review-closed">
              {t(`review.closed.${closedState(examState(query.data))}`)}
            </Text>
          )}
        </>
      )}
    </TaskSection>
  );
}
