import { z } from 'zod';
import { directions, type IntervalId as IntervalIdName, intervalIds } from '../../domain/eartraining/intervals';
import { exercises, MAX_RESPONSE_MS, MAX_ROUND_QUESTIONS, XP_RULE_LIMITS } from '../../domain/eartraining/rounds';
import { settingsSchema } from '../../domain/eartraining/settingsSchema';
import { call, endpoint, ok, optionalId } from '../define';
import { ProgressResult } from '../learning/courseShapes';

const IntervalId = z.enum(intervalIds as [IntervalIdName, ...IntervalIdName[]]);

export const EarTrainingAnswer = z.object({
  /** The interval played. */
  Interval: IntervalId,
  Direction: z.enum(directions),
  /** The interval the learner answered. */
  Chosen: IntervalId,
  /** From the question's first note to the answer, in milliseconds; longer than ten minutes is stored as ten. */
  ResponseMs: z
    .number()
    .int()
    .min(0)
    .transform((ms) => Math.min(ms, MAX_RESPONSE_MS)),
});

/** A learner's settings of an exercise (shared/domain/eartraining/settingsSchema.ts). */
export const ExerciseSettings = settingsSchema;

/** A site's xp rules of ear training (shared/domain/eartraining/rounds.ts). */
export const XpRules = z.object({
  PerRightAnswer: z.number().int().min(XP_RULE_LIMITS.PerRightAnswer.min).max(XP_RULE_LIMITS.PerRightAnswer.max),
  RoundMax: z.number().int().min(XP_RULE_LIMITS.RoundMax.min).max(XP_RULE_LIMITS.RoundMax.max),
  DailyMax: z.number().int().min(XP_RULE_LIMITS.DailyMax.min).max(XP_RULE_LIMITS.DailyMax.max),
});

export const IntervalAccuracy = z.object({ Interval: IntervalId, Answered: z.number(), Right: z.number() });
export const Confusion = z.object({ Played: IntervalId, Chosen: IntervalId, Count: z.number() });

export const eartraining = endpoint('eartraining.php', {
  /**
   * Stores a finished round of the signed-in learner and awards its xp once: the round's key (made by the client
   * when the round starts) makes a second send of the same round answer as the first did, without storing it again.
   */
  save_round: call({
    access: 'user',
    data: z.object({
      Exercise: z.enum(exercises),
      RoundKey: z
        .string()
        .trim()
        .min(8)
        .max(64)
        .regex(/^[\w-]+$/, 'letters, digits, - and _ only'),
      Answers: z.array(EarTrainingAnswer).min(1).max(MAX_ROUND_QUESTIONS),
      /** The course's ear-training block the round was played in; 0 or absent for practice. */
      BlockId: optionalId,
    }),
    answer: z.object({
      status: ok,
      /** False when the round had been stored already (the same key). */
      Saved: z.boolean(),
      /** Right answers of the round. */
      Right: z.number(),
      /** Xp the round earned by the site's rules: so much per right answer, within the round's and the day's most. */
      Xp: z.number(),
      TotalXp: z.number(),
      /** A round of a course's block: whether it passed the block's mark; null for practice. */
      Passed: z.boolean().nullable(),
      /** The course step a passing round made (its part completed), as submit_answers answers it; else null. */
      progress: ProgressResult.nullable(),
      /** Xp that course step gave (progress event 2), beside the round's own `Xp`. */
      earned_xp: z.number(),
    }),
  }),
  /** The signed-in learner's settings of an exercise: hers as she saved them, else the defaults (`Saved` false). */
  get_settings: call({
    access: 'user',
    reads: true,
    data: z.object({ Exercise: z.enum(exercises) }),
    answer: z.object({ status: ok, Saved: z.boolean(), Settings: ExerciseSettings }),
  }),
  /** Saves the signed-in learner's settings of an exercise, replacing the ones before. */
  save_settings: call({
    access: 'user',
    data: z.object({ Exercise: z.enum(exercises), Settings: ExerciseSettings }),
    answer: z.object({ status: ok, Settings: ExerciseSettings }),
  }),
  /** The signed-in learner's results of an exercise: accuracy per interval, what she hears as what, and her answers. */
  get_progress: call({
    access: 'user',
    reads: true,
    data: z.object({ Exercise: z.enum(exercises) }),
    answer: z.object({
      status: ok,
      Intervals: z.array(IntervalAccuracy),
      Confusions: z.array(Confusion),
      /** Her last 200 answers, oldest first: what the practice of the next round follows. */
      Recent: z.array(z.object({ Played: IntervalId, Chosen: IntervalId })),
      /** Xp earned from ear training today (UTC), against the day's cap. */
      XpToday: z.number(),
    }),
  }),
  /** The site's xp rules of ear training: what a round earns (the defaults until its administrators set them). */
  get_xp_rules: call({
    access: 'public',
    reads: true,
    data: z.object({}),
    answer: z.object({ status: ok, Rules: XpRules }),
  }),
  /** Sets the site's xp rules of ear training; rounds stored from then on earn by them. */
  save_xp_rules: call({
    access: 'admin',
    data: z.object({ Rules: XpRules }),
    answer: z.object({ status: ok, Rules: XpRules }),
  }),
});
