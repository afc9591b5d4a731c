import { ExerciseSettings } from '../../../../shared/contract/eartraining/eartraining';
import type { Exercise } from '../../../../shared/domain/eartraining/rounds';
import { defaultSettings, type ExerciseSettings as Settings } from '../../../../shared/domain/eartraining/settings';
import { type Db, now } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';

/**
 * The learner's settings of an exercise, or the defaults. Stored settings are read through the contract's rules
 * again, so settings a later version no longer takes (an interval dropped, a narrower range) fall back to the
 * defaults rather than break the exercise.
 */
export async function settingsOf(
  db: Db,
  opts: { siteId: number; user: SessionUser; exercise: Exercise },
): Promise<{ saved: boolean; settings: Settings }> {
  const row = await db
    .selectFrom('eartraining_settings')
    .select('settings')
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.user.id)
    .where('exercise', '=', opts.exercise)
    .executeTakeFirst();
  if (!row) return { saved: false, settings: defaultSettings };
  let stored: unknown;
  try {
    stored = JSON.parse(row.settings);
  } catch {
    return { saved: false, settings: defaultSettings };
  }
  const parsed = ExerciseSettings.safeParse(stored);
  return parsed.success
    ? { saved: true, settings: parsed.data as Settings }
    : { saved: false, settings: defaultSettings };
}

/** Saves the learner's settings of an exercise (checked by the contract), replacing the ones before. */
export async function saveSettings(
  db: Db,
  opts: { siteId: number; user: SessionUser; exercise: Exercise; settings: Settings },
): Promise<Settings> {
  const at = now();
  await db
    .insertInto('eartraining_settings')
    .values({
      site_id: opts.siteId,
      user_id: opts.user.id,
      exercise: opts.exercise,
      settings: JSON.stringify(opts.settings),
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['site_id', 'user_id', 'exercise'])
        .doUpdateSet({ settings: (eb) => eb.ref('excluded.settings'), updated_at: at }),
    )
    .execute();
  return opts.settings;
}
