import { z } from 'zod';
import { exercises } from '../eartraining/rounds';
import { settingsSchema } from '../eartraining/settingsSchema';
import type { BlockType } from './course';

/**
 * What each block type keeps in `course_blocks.content` (JSON). Media are referenced by their `media_files` id
 * and become signed links when presented; quiz and test questions keep their right answers here, which only
 * staff ever receive.
 */
const html = z.string().default('');
const mediaId = z.number().int().positive();

export const StoredQuestion = z.object({
  id: z.string().min(1).max(50),
  text: z.string(),
  multiple: z.boolean().default(false),
  options: z.array(z.object({ id: z.string().min(1).max(50), text: z.string() })).min(2),
  correct: z.array(z.string()).min(1),
});
export type StoredQuestion = z.infer<typeof StoredQuestion>;

const questions = z.object({
  intro: html,
  questions: z.array(StoredQuestion).min(1),
  passPercent: z.number().int().min(0).max(100).nullable().default(null),
});

export const storedContent = {
  Text: z.object({ html }),
  Image: z.object({ mediaId, alt: z.string().default(''), caption: z.string().default('') }),
  Video: z.object({ mediaId, durationSeconds: z.number().min(0).default(0) }),
  Audio: z.object({ mediaId }),
  File: z.object({ mediaId }),
  YouTube: z.object({ videoId: z.string().regex(/^[\w-]{11}$/) }),
  Column: z.object({ columns: z.array(z.object({ html })).min(1).max(4) }),
  Link: z.object({ url: z.url({ protocol: /^https?$/ }), description: z.string().default('') }),
  Quiz: questions,
  Test: questions.extend({ passPercent: z.number().int().min(0).max(100).default(60) }),
  Exam: z.object({ html }),
  FinalExam: z.object({ html }),
  Reward: z.object({ html }),
  Question: z.object({ html }),
  Post: z.object({}),
  EarTraining: z.object({
    exercise: z.enum(exercises),
    settings: settingsSchema,
    /** The share of right answers, in percent, that passes a round. */
    passPercent: z.number().int().min(0).max(100).default(80),
  }),
  /** A survey of the course's site; its title, intro and questions are the survey's own, in the reader's language. */
  Survey: z.object({ surveyId: z.number().int().positive() }),
} satisfies Record<BlockType, z.ZodType>;

export type StoredContent<T extends BlockType> = z.infer<(typeof storedContent)[T]>;
