import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserExam } from '../../../../shared/contract/coaching/userExam';
import { call } from '../../../app/api';
import { errorCode, errorText } from '../../../components/errorText';
import { showToast } from '../../../components/toast';
import { useAutosave } from '../../../components/useAutosave';
import { coachingKeys } from '../keys';

export interface ExamRef {
  userId: number;
  courseId: number;
  blockId: number;
}

const toWire = (exam: ExamRef) => ({ UserId: exam.userId, CourseId: exam.courseId, BlockId: exam.blockId });

/** Where the learner's draft stands: typed and not saved yet, being saved, or saved by this page. */
export type DraftState = 'unsaved' | 'saving' | 'saved' | null;

/**
 * The learner's answer to one exam as she writes it. What she types is a draft kept on the server
 * (`save_user_exam`, which also starts the exam) by the page texts' autosave rule, so a reload or another device
 * finds it; `dirty` is what the server does not have yet, which the page's unsaved-changes guard asks about.
 * Leaving without saving drops it: the draft is not saved when the page goes away. Saves and the submission run
 * one after the other (one mutation scope), and a second submit while one is in flight is ignored, so a double
 * click hands in once and says so once.
 */
export function useExamAnswer(exam: ExamRef, current: UserExam | undefined) {
  const { t } = useTranslation(['coaching', 'learning']);
  const queryClient = useQueryClient();
  const key = coachingKeys.exams.ofBlock(exam.userId, exam.courseId, exam.blockId);
  const scope = { id: `exam-${exam.userId}-${exam.courseId}-${exam.blockId}` };
  // What the editor holds once she has typed, and the text this page last had saved (the server sanitizes what it
  // stores, so its copy is not compared with the editor's).
  const [draft, setDraft] = useState<string | null>(null);
  const [persisted, setPersisted] = useState<string | null>(null);
  const [savedHere, setSavedHere] = useState(false);
  const stored = persisted ?? current?.Answer ?? '';
  const answer = draft ?? stored;
  const dirty = draft !== null && draft !== stored;

  // An answer handed in meanwhile (another tab): the page shows it as it is now.
  const refresh = useCallback(
    (error: unknown) => {
      if (errorCode(error) === 'EXAM_SUBMITTED') void queryClient.invalidateQueries({ queryKey: key });
      showToast(errorText(error), 'red');
    },
    [queryClient, key],
  );

  const save = useMutation({
    scope,
    mutationFn: async (text: string) =>
      (await call('user_exam.php', 'save_user_exam', { ...toWire(exam), Answer: text })).data,
    onSuccess: (updated, text) => {
      queryClient.setQueryData(key, updated);
      setPersisted(text);
      setSavedHere(true);
    },
    onError: refresh,
  });
  const autosave = useAutosave((text: string) => save.mutate(text), { saveOnUnmount: false });

  const submitting = useRef(false);
  const submit = useMutation({
    scope,
    mutationFn: async (text: string) => {
      // Only a started exam can be handed in: the first save starts it.
      if (queryClient.getQueryData<UserExam>(key)?.Status === 'not_started') {
        await call('user_exam.php', 'save_user_exam', { ...toWire(exam), Answer: text });
      }
      return call('user_exam.php', 'submit_user_exam', { ...toWire(exam), Answer: text });
    },
    onSuccess: (answered) => {
      queryClient.setQueryData(key, answered.data);
      setDraft(null);
      setPersisted(null);
      setSavedHere(false);
      showToast(answered.AlreadySubmitted ? t('examAnswer.alreadySubmitted') : t('learning:exam.submitted'), 'green');
    },
    onError: refresh,
    onSettled: () => {
      submitting.current = false;
    },
  });

  return {
    answer,
    dirty,
    draftState: (dirty ? 'unsaved' : save.isPending ? 'saving' : savedHere ? 'saved' : null) satisfies DraftState,
    busy: save.isPending || submit.isPending,
    submitting: submit.isPending,
    /** The editor changed: the draft is saved by the autosave rule. */
    change(html: string) {
      setDraft(html);
      autosave.change(html);
    },
    /** "Save draft": at once, with a word when it is done. */
    saveNow() {
      autosave.cancel();
      save.mutate(answer, { onSuccess: () => showToast(t('learning:exam.saved'), 'green') });
    },
    /** "Submit for review", once however often it is pressed while on its way. */
    submit() {
      if (submitting.current) return;
      submitting.current = true;
      // The submission carries the answer: a draft save still waiting would only be refused after it.
      autosave.cancel();
      submit.mutate(answer);
    },
  };
}
