import { z } from 'zod';
import { directions, type IntervalId, intervalIds } from './intervals';
import { SETTINGS_LIMITS, settingsProblem, settingsProblems, sounds } from './settings';

/**
 * An exercise's settings as the contract checks them (a learner's, and those a course's ear-training block keeps):
 * repeated intervals or directions are kept once, and the roots must leave room for the largest interval. Apart
 * from settings.ts, so the exercise pages, which read a visitor's stored settings with `readSettings`, load no zod.
 */
export const settingsSchema = z
  .object({
    Intervals: z
      .array(z.enum(intervalIds as [IntervalId, ...IntervalId[]]))
      .min(1)
      .max(intervalIds.length),
    Directions: z.array(z.enum(directions)).min(1).max(directions.length),
    RootLow: z.number().int().min(SETTINGS_LIMITS.root.min).max(SETTINGS_LIMITS.root.max),
    RootHigh: z.number().int().min(SETTINGS_LIMITS.root.min).max(SETTINGS_LIMITS.root.max),
    Tempo: z.number().int().min(SETTINGS_LIMITS.tempo.min).max(SETTINGS_LIMITS.tempo.max),
    Questions: z.number().int().min(SETTINGS_LIMITS.questions.min).max(SETTINGS_LIMITS.questions.max),
    /** Settings saved before the choice of instrument play the piano. */
    Sound: z.enum(sounds).default('piano'),
  })
  .transform((settings) => ({
    ...settings,
    Intervals: [...new Set(settings.Intervals)],
    Directions: [...new Set(settings.Directions)],
  }))
  .superRefine((settings, ctx) => {
    const problem = settingsProblem(settings);
    if (problem) ctx.addIssue({ code: 'custom', message: settingsProblems[problem], path: ['RootHigh'] });
  });
