import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CallAnswer } from '../../../shared/contract/define';
import type { eartraining } from '../../../shared/contract/eartraining/eartraining';
import type { IntervalId } from '../../../shared/domain/eartraining/intervals';
import {
  type Answer,
  afterAnswer,
  type PracticeState,
  practiceState,
} from '../../../shared/domain/eartraining/practice';
import { drawQuestion, type Question } from '../../../shared/domain/eartraining/questions';
import type { Exercise } from '../../../shared/domain/eartraining/rounds';
import type { ExerciseSettings } from '../../../shared/domain/eartraining/settings';
import { call } from '../../app/api';
import { appKeys } from '../../app/keys';
import { useSession } from '../../app/session';
import { celebrateXp } from '../learning';

export type Phase = 'ready' | 'asking' | 'answered' | 'finished';

export interface RoundAnswer {
  question: Question;
  chosen: IntervalId;
  right: boolean;
  responseMs: number;
}

/** A round played in a course's block: the block, and what the course does with the stored round. */
export interface CourseRound {
  blockId: number;
  onSaved(answer: SavedRound): void;
}

export type SavedRound = CallAnswer<typeof eartraining.calls.save_round>;

/** What a finished round earned, as the server answered (signed in). */
export interface RoundResult {
  xp: number;
  totalXp: number;
  /** In a course's block: whether the round passed it. */
  passed: boolean | null;
}

/** A visitor's answers of this visit, per exercise: her practice follows them until she leaves (nothing is kept). */
const visitorAnswers = new Map<Exercise, Answer[]>();

/** A round's key, made once when it starts: sending the round twice stores it once (save_round). */
function roundKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A round of an exercise: questions drawn by the practice (the learner's stored answers when signed in, this
 * visit's otherwise), her answers with their response times, and at the end the round stored with its xp.
 * `onAsk` plays a question; it runs inside the click or key press that asked for it, so the audio may start.
 */
export function useRound(opts: {
  exercise: Exercise;
  settings: ExerciseSettings;
  /** The signed-in learner's recent answers, oldest first (get_progress); undefined for a visitor. */
  recent: readonly Answer[] | undefined;
  onAsk(question: Question): void;
  /** Played in a course's ear-training block: the round is stored for it, and `onSaved` takes the answer. */
  course?: CourseRound;
}) {
  const { exercise, settings, recent, onAsk, course } = opts;
  const session = useSession();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('ready');
  const [question, setQuestion] = useState<Question | null>(null);
  const [answers, setAnswers] = useState<RoundAnswer[]>([]);
  const practice = useRef<PracticeState | null>(null);
  const key = useRef('');
  const askedAt = useRef(0);

  const save = useMutation({
    mutationFn: async (round: RoundAnswer[]) =>
      call('eartraining.php', 'save_round', {
        Exercise: exercise,
        RoundKey: key.current,
        Answers: round.map((answer) => ({
          Interval: answer.question.interval,
          Direction: answer.question.direction,
          Chosen: answer.chosen,
          ResponseMs: answer.responseMs,
        })),
        BlockId: course?.blockId ?? 0,
      }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: appKeys.progress });
      // In a course the course shows what the round earned, with the step it made.
      if (course) return course.onSaved(saved);
      if (saved.Saved) celebrateXp(saved.TotalXp - saved.Xp, saved.TotalXp);
      session.updateUser({ TotalXp: saved.TotalXp });
    },
  });

  const state = (): PracticeState => {
    practice.current ??= practiceState(recent ?? visitorAnswers.get(exercise) ?? []);
    return practice.current;
  };

  const ask = (previous: IntervalId | null) => {
    const next = drawQuestion(settings, state(), previous);
    setQuestion(next);
    setPhase('asking');
    askedAt.current = performance.now();
    onAsk(next);
  };

  const start = () => {
    key.current = roundKey();
    save.reset();
    setAnswers([]);
    ask(null);
  };

  /** Takes her answer to the question asked; false when no question waits for one. */
  const answer = (chosen: IntervalId): RoundAnswer | null => {
    if (phase !== 'asking' || !question) return null;
    const given: RoundAnswer = {
      question,
      chosen,
      right: chosen === question.interval,
      responseMs: Math.round(performance.now() - askedAt.current),
    };
    const one: Answer = { played: question.interval, chosen };
    practice.current = afterAnswer(state(), one);
    if (session.token === null) visitorAnswers.set(exercise, [...(visitorAnswers.get(exercise) ?? []), one]);
    setAnswers((before) => [...before, given]);
    setPhase('answered');
    return given;
  };

  const next = () => {
    if (phase !== 'answered') return;
    if (answers.length >= settings.Questions) {
      setPhase('finished');
      if (session.token !== null) save.mutate(answers);
      return;
    }
    ask(question?.interval ?? null);
  };

  return {
    phase,
    question,
    answers,
    /** The question's number, from 1. */
    number: phase === 'answered' || phase === 'finished' ? answers.length : answers.length + 1,
    total: settings.Questions,
    start,
    answer,
    next,
    /** The round's xp once stored; its error, to try again with the same key. */
    result: save.data
      ? ({ xp: save.data.Xp, totalXp: save.data.TotalXp, passed: save.data.Passed } satisfies RoundResult)
      : null,
    saving: save.isPending,
    saveFailed: save.isError,
    retrySave: () => save.mutate(answers),
    /** Back to the start, the round dropped (new settings). */
    reset: () => {
      setPhase('ready');
      setQuestion(null);
      setAnswers([]);
    },
  };
}
