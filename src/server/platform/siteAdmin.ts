/**
 * The operator's management of sites (`npm run site`, ops/site.ts) and the one way a site is made with its hosts
 * (self-service trials use it too): a site's name, title, plan, trial end, registration and host names. Every check
 * of the input is made before anything is written, and a change is one transaction.
 */
import { isPlanId, type PlanId, planIds } from '../../shared/domain/site/plans';
import { normalizeHost, SITE_NAME_MAX } from '../../shared/domain/site/sites';
import { type Db, now } from './db';
import { isUniqueViolation } from './db/lookups';
import { AppError } from './errors';
import { forgetHost, forgetSite } from './sites';

const SITE_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
export const SITE_TITLE_MAX = 200;

export interface SiteDetails {
  id: number;
  name: string;
  title: string;
  plan: string;
  registrationEnabled: boolean;
  trialEndsAt: string | null;
  maintenance: boolean;
  hosts: string[];
  users: number;
  createdAt: string;
}

export interface SiteSettings {
  title?: string;
  plan?: string;
  /** An ISO time, or null for no trial. */
  trialEndsAt?: string | null;
  registrationEnabled?: boolean;
  addHosts?: string[];
  removeHosts?: string[];
}

const bad = (message: string) => new AppError('INVALID_REQUEST', message);

/** A site's name as the operator may give it: a DNS label (the reserved names are the self-service form's rule). */
export function checkSiteName(name: string): string {
  if (name.length === 0 || name.length > SITE_NAME_MAX || !SITE_NAME.test(name)) {
    throw bad(
      `Invalid site name "${name.slice(0, 100)}": use 1–${SITE_NAME_MAX} lower-case letters, digits and inner hyphens`,
    );
  }
  return name;
}

export function checkPlan(plan: string): PlanId {
  if (!isPlanId(plan)) throw bad(`Unknown plan "${plan.slice(0, 100)}": choose one of ${planIds.join(', ')}`);
  return plan;
}

export function checkTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed.length === 0 || trimmed.length > SITE_TITLE_MAX) {
    throw bad(`Invalid title: give 1–${SITE_TITLE_MAX} characters`);
  }
  return trimmed;
}

export function checkHost(host: string): string {
  const normalized = normalizeHost(host);
  if (!normalized) throw bad(`Invalid host name "${host.slice(0, 100)}": give a name like school.example.com`);
  return normalized;
}

/** Throws NAME_TAKEN for the first of the hosts another site has (or the same site when `siteId` is null). */
async function checkHostsFree(db: Db, hosts: string[], siteId: number | null): Promise<void> {
  if (hosts.length === 0) return;
  const taken = await db
    .selectFrom('site_hosts')
    .innerJoin('sites', 'sites.id', 'site_hosts.site_id')
    .select(['site_hosts.host', 'sites.name', 'site_hosts.site_id'])
    .where('site_hosts.host', 'in', hosts)
    .execute();
  const other = taken.find((row) => row.site_id !== siteId);
  if (other) throw new AppError('NAME_TAKEN', `The host ${other.host} is taken by the site ${other.name}`);
}

export async function listSites(db: Db): Promise<SiteDetails[]> {
  const sites = await db.selectFrom('sites').selectAll().orderBy('name').execute();
  const hosts = await db.selectFrom('site_hosts').select(['site_id', 'host']).orderBy('host').execute();
  const users = await db
    .selectFrom('users')
    .select(['site_id', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('site_id')
    .execute();
  return sites.map((site) => ({
    id: site.id,
    name: site.name,
    title: site.title,
    plan: site.plan,
    registrationEnabled: site.registration_enabled === 1,
    trialEndsAt: site.trial_ends_at,
    maintenance: site.maintenance === 1,
    hosts: hosts.filter((h) => h.site_id === site.id).map((h) => h.host),
    users: Number(users.find((u) => u.site_id === site.id)?.count ?? 0),
    createdAt: site.created_at,
  }));
}

export async function siteDetails(db: Db, name: string): Promise<SiteDetails> {
  const site = (await listSites(db)).find((s) => s.name === name);
  if (!site) throw new AppError('UNKNOWN_SITE', `Unknown site: ${name.slice(0, 100)}`);
  return site;
}

export interface NewSite {
  name: string;
  title: string;
  plan: string;
  trialEndsAt: string | null;
  registrationEnabled: boolean;
  hosts: string[];
}

/**
 * Makes a site with its hosts, in the given transaction (or one of its own). NAME_TAKEN when the name or a host is
 * taken (checked first; the unique indexes decide a race), INVALID_REQUEST for a bad name, title, plan or host.
 */
export async function createSite(db: Db, input: NewSite): Promise<{ id: number; name: string; hosts: string[] }> {
  const name = checkSiteName(input.name);
  const title = checkTitle(input.title);
  const plan = checkPlan(input.plan);
  const hosts = [...new Set(input.hosts.map(checkHost))];
  const work = async (trx: Db) => {
    const existing = await trx.selectFrom('sites').select('id').where('name', '=', name).executeTakeFirst();
    if (existing) throw new AppError('NAME_TAKEN', `A site named ${name} exists already`);
    await checkHostsFree(trx, hosts, null);
    const at = now();
    const site = await trx
      .insertInto('sites')
      .values({
        name,
        title,
        plan,
        registration_enabled: input.registrationEnabled ? 1 : 0,
        trial_ends_at: input.trialEndsAt,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const host of hosts) {
      await trx.insertInto('site_hosts').values({ site_id: site.id, host, created_at: at, updated_at: at }).execute();
    }
    return { id: site.id, name, hosts };
  };
  let created: { id: number; name: string; hosts: string[] };
  try {
    created = db.isTransaction ? await work(db) : await db.transaction().execute(work);
  } catch (error) {
    // A site of the name or a host made meanwhile, between the checks and the inserts: the unique indexes decide.
    if (isUniqueViolation(error))
      throw new AppError('NAME_TAKEN', `The site name ${name} or one of its hosts is taken`);
    throw error;
  }
  forgetSite(db, name);
  for (const host of hosts) forgetHost(db, host);
  return created;
}

/** Changes a site's settings and hosts in one transaction; UNKNOWN_SITE, NAME_TAKEN or INVALID_REQUEST otherwise. */
export async function updateSite(db: Db, name: string, settings: SiteSettings): Promise<SiteDetails> {
  const title = settings.title === undefined ? undefined : checkTitle(settings.title);
  const plan = settings.plan === undefined ? undefined : checkPlan(settings.plan);
  const addHosts = [...new Set((settings.addHosts ?? []).map(checkHost))];
  const removeHosts = [...new Set((settings.removeHosts ?? []).map(checkHost))];
  await db.transaction().execute(async (trx) => {
    const site = await trx.selectFrom('sites').select('id').where('name', '=', name).executeTakeFirst();
    if (!site) throw new AppError('UNKNOWN_SITE', `Unknown site: ${name.slice(0, 100)}`);
    // Checked before the update: the earlier steps then write only when all of it can be done.
    await checkHostsFree(trx, addHosts, site.id);
    const at = now();
    await trx
      .updateTable('sites')
      .set({
        ...(title === undefined ? {} : { title }),
        ...(plan === undefined ? {} : { plan }),
        ...(settings.trialEndsAt === undefined ? {} : { trial_ends_at: settings.trialEndsAt }),
        ...(settings.registrationEnabled === undefined
          ? {}
          : { registration_enabled: settings.registrationEnabled ? 1 : 0 }),
        updated_at: at,
      })
      .where('id', '=', site.id)
      .execute();
    if (removeHosts.length > 0) {
      const have = await trx.selectFrom('site_hosts').select('host').where('site_id', '=', site.id).execute();
      const missing = removeHosts.find((host) => !have.some((row) => row.host === host));
      if (missing) throw bad(`The site ${name} has no host ${missing}`);
      await trx.deleteFrom('site_hosts').where('site_id', '=', site.id).where('host', 'in', removeHosts).execute();
    }
    for (const host of addHosts) {
      await trx
        .insertInto('site_hosts')
        .values({ site_id: site.id, host, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('host').doNothing())
        .execute();
    }
  });
  forgetSite(db, name);
  for (const host of [...addHosts, ...removeHosts]) forgetHost(db, host);
  return siteDetails(db, name);
}
