import { isPlanId, type LimitedResource, type PlanId, plans, withinPlanLimit } from '../../shared/domain/site/plans';
import { type Db, lockedForUpdate } from './db';
import { AppError } from './errors';

/**
 * The limits of a site's plan (spec §1), checked where each is crossed: a user added (registration, invitation,
 * import), a course added (created, duplicated, imported, restored from the archive), a
 * company added. Storage has its own check (files/quota.ts), asked with the file's size before it is stored.
 * A trial that has ended adds nothing more; what the site has stays and learners keep learning.
 */

/** A stored plan name the domain does not know gets the smallest allowance: a typo never means unlimited. */
export const planOf = (stored: string): PlanId => (isPlanId(stored) ? stored : 'demo');

/** The resources counted against a plan by a row count (storage is counted in bytes by triggers). */
export type CountedResource = Exclude<LimitedResource, 'storageMb'>;

const nouns: Record<CountedResource, [string, string]> = {
  users: ['user', 'users'],
  courses: ['course', 'courses'],
  companies: ['company', 'companies'],
};

/** How many of a resource the site has: its users, its courses not archived, its companies. */
export async function countResource(db: Db, siteId: number, resource: CountedResource): Promise<number> {
  const row =
    resource === 'courses'
      ? await db
          .selectFrom('courses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('site_id', '=', siteId)
          .where('archived_at', 'is', null)
          .executeTakeFirstOrThrow()
      : await db
          .selectFrom(resource)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('site_id', '=', siteId)
          .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the site's trial (if it has one) is over at `at`. */
export const trialEnded = (site: { trial_ends_at: string | null }, at = new Date()) =>
  site.trial_ends_at !== null && new Date(site.trial_ends_at).getTime() <= at.getTime();

/** Refuses anything more (TRIAL_ENDED) once the site's trial is over. */
export function assertTrialOpen(site: { trial_ends_at: string | null }): void {
  if (site.trial_ends_at === null || !trialEnded(site)) return;
  throw new AppError('TRIAL_ENDED', "The site's trial has ended: nothing more can be added until it is on a plan", {
    trial_ends_at: site.trial_ends_at,
  });
}

/**
 * Refuses with PLAN_LIMIT (naming the resource and its limit) `adding` more of a resource than the site's plan
 * leaves room for, and with TRIAL_ENDED anything once its trial is over. Asked inside the transaction that adds
 * them: the site's row stays locked until it commits, so two additions at once cannot both take the last place
 * (SQLite runs one writing transaction at a time anyway). Answers the site's plan.
 */
export async function assertPlanRoom(
  trx: Db,
  opts: { siteId: number; resource: CountedResource; adding?: number },
): Promise<PlanId> {
  const adding = opts.adding ?? 1;
  const site = await lockedForUpdate(
    trx,
    trx.selectFrom('sites').select(['plan', 'trial_ends_at']).where('id', '=', opts.siteId),
  ).executeTakeFirstOrThrow();
  assertTrialOpen(site);
  const plan = planOf(site.plan);
  const limit = plans[plan].limits[opts.resource];
  if (limit === null || adding <= 0) return plan;
  const current = await countResource(trx, opts.siteId, opts.resource);
  if (!withinPlanLimit({ plan, resource: opts.resource, current, adding })) {
    const [one, many] = nouns[opts.resource];
    throw new AppError('PLAN_LIMIT', `The site's plan allows ${limit} ${limit === 1 ? one : many}`, {
      resource: opts.resource,
      limit,
      current,
    });
  }
  return plan;
}

/** A site's plan, trial and what it uses of each limit (site.php `get_plan_usage`). */
export async function planUsage(db: Db, siteId: number) {
  const site = await db
    .selectFrom('sites')
    .select(['plan', 'trial_ends_at', 'storage_bytes'])
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  const plan = planOf(site.plan);
  const [users, courses, companies] = await Promise.all([
    countResource(db, siteId, 'users'),
    countResource(db, siteId, 'courses'),
    countResource(db, siteId, 'companies'),
  ]);
  return {
    plan,
    trialEndsAt: site.trial_ends_at,
    trialEnded: trialEnded(site),
    limits: plans[plan].limits,
    usage: { users, courses, companies, storageBytes: Number(site.storage_bytes) },
  };
}
