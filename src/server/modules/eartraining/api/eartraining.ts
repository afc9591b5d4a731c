import { eartraining } from '../../../../shared/contract/eartraining/eartraining';
import type { IntervalId } from '../../../../shared/domain/eartraining/intervals';
import type { ExerciseSettings } from '../../../../shared/domain/eartraining/settings';
import { handlers, signedInUser } from '../../../platform/handlers';
import { progressOf, type RoundAnswer, saveRound } from '../services/rounds';
import { saveSettings, settingsOf } from '../services/settings';
import { saveXpRules, xpRulesOf } from '../services/xpRules';

/** `eartraining.php`: the signed-in learner's own rounds and results, never another's (no user id is taken). */
export const eartrainingHandlers = handlers(eartraining, {
  async save_round(ctx, data) {
    const round = await saveRound(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      exercise: data.Exercise,
      roundKey: data.RoundKey,
      answers: data.Answers as RoundAnswer[],
      blockId: data.BlockId,
    });
    return {
      status: 'OK',
      Saved: round.saved,
      Right: round.right,
      Xp: round.xp,
      TotalXp: round.totalXp,
      Passed: round.passed,
      progress: round.progress,
      earned_xp: round.stepXp,
    };
  },
  async get_settings(ctx, data) {
    const { saved, settings } = await settingsOf(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      exercise: data.Exercise,
    });
    return { status: 'OK', Saved: saved, Settings: settings };
  },
  async save_settings(ctx, data) {
    const settings = await saveSettings(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      exercise: data.Exercise,
      settings: data.Settings as ExerciseSettings,
    });
    return { status: 'OK', Settings: settings };
  },
  async get_progress(ctx, data) {
    const progress = await progressOf(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      exercise: data.Exercise,
    });
    const id = (value: string) => value as IntervalId;
    return {
      status: 'OK',
      Intervals: progress.accuracy.map((row) => ({
        Interval: id(row.interval),
        Answered: Number(row.answered),
        Right: Number(row.right),
      })),
      Confusions: progress.confusions.map((row) => ({
        Played: id(row.interval),
        Chosen: id(row.chosen),
        Count: Number(row.count),
      })),
      Recent: progress.recent.map((row) => ({ Played: id(row.interval), Chosen: id(row.chosen) })),
      XpToday: progress.xpToday,
    };
  },
  async get_xp_rules(ctx) {
    return { status: 'OK', Rules: await xpRulesOf(ctx.db, ctx.site.id) };
  },
  async save_xp_rules(ctx, data) {
    return { status: 'OK', Rules: await saveXpRules(ctx.db, ctx.site.id, data.Rules) };
  },
});
