/**
 * Self-service trials (spec §1: a 30-day free trial), when the operator allows them (TRIAL_DOMAIN): a visitor asks
 * for a link at her address, opens it, names her school and its address, and becomes the administrator of a new
 * site on the demo plan (whose limits are the trial's) with the trial's end, registration off and no demo content.
 */
import type { Language } from '../../../../shared/domain/language';
import { TRIAL_DAYS } from '../../../../shared/domain/site/plans';
import {
  siteNameProblem,
  TRIAL_LINK_VALID_HOURS,
  TRIAL_MAILS_PER_ADDRESS,
  TRIAL_MAILS_PER_SOURCE,
  TRIAL_SITES_PER_ADDRESS,
} from '../../../../shared/domain/site/sites';
import type { Config } from '../../../platform/config';
import { type Db, now } from '../../../platform/db';
import { AppError, invalidFields } from '../../../platform/errors';
import { hashToken, newToken } from '../../../platform/lib/tokens';
import { requireWindow, sourceOf } from '../../../platform/limits';
import type { Mailer } from '../../../platform/mail/outbox';
import { createSite } from '../../../platform/siteAdmin';
import { createSiteAdministrator, hashChosenPassword } from '../../identity';
import { trialMails } from '../mails';

const CODE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 86_400_000;

interface TrialDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** The site the visitor asks from (its rate-limit counters and mails are kept under it). */
  siteId: number;
  ip: string;
  locale: Language;
}

/** The domain new schools' addresses end in; SELF_SERVICE_OFF when the operator has not allowed self-service. */
function trialDomain(config: Config): string {
  if (!config.trialDomain) {
    throw new AppError('SELF_SERVICE_OFF', 'Schools are not started here by themselves: write to the operator');
  }
  return config.trialDomain;
}

export const trialOptions = (config: Config) => ({
  selfService: config.trialDomain !== undefined,
  domain: config.trialDomain ?? null,
  contactEmail: config.contactEmail ?? null,
  trialDays: TRIAL_DAYS,
});

/**
 * Mails a single-use link (valid TRIAL_LINK_VALID_HOURS) to the address. The answer is the same whether the address
 * has started schools or not; TOO_MANY_REQUESTS past the mails per source or per address in an hour.
 */
export async function requestTrial(deps: TrialDeps, email: string): Promise<void> {
  trialDomain(deps.config);
  const message = 'Too many trial links asked for';
  await requireWindow(deps.db, {
    siteId: deps.siteId,
    bucket: 'trial_mails_source',
    subject: sourceOf(deps.ip),
    ...TRIAL_MAILS_PER_SOURCE,
    message,
  });
  await requireWindow(deps.db, {
    siteId: deps.siteId,
    bucket: 'trial_mails',
    subject: email,
    ...TRIAL_MAILS_PER_ADDRESS,
    message,
  });
  const code = newToken();
  const link = `${deps.config.publicUrl}/start-trial?code=${code}`;
  await deps.db.transaction().execute(async (trx) => {
    const at = now();
    await trx
      .insertInto('site_trials')
      .values({
        email,
        code_hash: hashToken(code),
        language: deps.locale,
        expires_at: new Date(Date.now() + TRIAL_LINK_VALID_HOURS * 3_600_000).toISOString(),
        used_at: null,
        site_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await deps.mailer.enqueue(
      {
        siteId: deps.siteId,
        to: email,
        ...trialMails.startTrial(deps.locale, link, TRIAL_LINK_VALID_HOURS, TRIAL_DAYS),
      },
      trx,
    );
  });
}

/** A live link's row: INVALID_CODE for a malformed code, CODE_NOT_FOUND for an unknown or used one, CODE_EXPIRED. */
async function findTrial(db: Db, code: string) {
  if (!CODE_SHAPE.test(code)) throw new AppError('INVALID_CODE', 'The link is not valid');
  const row = await db
    .selectFrom('site_trials')
    .select(['id', 'email', 'expires_at', 'used_at'])
    .where('code_hash', '=', hashToken(code))
    .executeTakeFirst();
  if (!row || row.used_at) throw new AppError('CODE_NOT_FOUND', 'The link was not found or is already used');
  if (row.expires_at <= now()) throw new AppError('CODE_EXPIRED', 'The link has expired');
  return row;
}

export async function checkTrial(deps: Pick<TrialDeps, 'db' | 'config'>, code: string) {
  const domain = trialDomain(deps.config);
  const row = await findTrial(deps.db, code);
  return { email: row.email, domain };
}

export interface TrialStart {
  code: string;
  schoolName: string;
  siteName: string;
  firstName: string;
  lastName: string;
  password: string;
}

const siteNameMessages = {
  length: 'must be 3–40 characters',
  format: 'may hold lower-case letters, digits and single hyphens, not at its ends',
  reserved: 'is reserved',
} as const;

/** Where the new site's sign-in page is: PUBLIC_URL's scheme and port, the new host. */
function signInUrl(config: Config, host: string): string {
  const base = new URL(config.publicUrl);
  return `${base.protocol}//${host}${base.port ? `:${base.port}` : ''}/login`;
}

/**
 * Uses the link: in one transaction the link is used, the site made (demo plan, trial end TRIAL_DAYS away,
 * registration off), its host `<name>.<TRIAL_DOMAIN>` given and she made its administrator. Nothing is written when
 * any check fails: the site name's rules (INVALID_REQUEST on SiteName), a name or host taken (NAME_TAKEN), the
 * address's schools (SITE_LIMIT), the password's rules (WEAK_PASSWORD), a used or old link.
 */
export async function startTrial(deps: TrialDeps, input: TrialStart) {
  const domain = trialDomain(deps.config);
  const trial = await findTrial(deps.db, input.code);
  const problem = siteNameProblem(input.siteName);
  if (problem) throw invalidFields({ field: 'data.SiteName', message: siteNameMessages[problem] });
  const host = `${input.siteName}.${domain}`;
  const taken = async (db: Db) =>
    (await db.selectFrom('sites').select('id').where('name', '=', input.siteName).executeTakeFirst()) ??
    (await db.selectFrom('site_hosts').select('id').where('host', '=', host).executeTakeFirst());
  if (await taken(deps.db)) throw new AppError('NAME_TAKEN', 'This address is taken: choose another');
  const started = await deps.db
    .selectFrom('site_trials')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', trial.email)
    .where('site_id', 'is not', null)
    .executeTakeFirstOrThrow();
  if (Number(started.count) >= TRIAL_SITES_PER_ADDRESS) {
    throw new AppError('SITE_LIMIT', 'This address has started as many schools as it may');
  }
  const passwordHash = await hashChosenPassword({
    ip: deps.ip,
    password: input.password,
    email: trial.email,
    names: [input.firstName, input.lastName, input.schoolName, input.siteName],
  });

  const site = await deps.db.transaction().execute(async (trx) => {
    const at = now();
    // Taken first, so a link used twice at once makes one site: the other finds it used.
    const used = await trx
      .updateTable('site_trials')
      .set({ used_at: at, updated_at: at })
      .where('id', '=', trial.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new AppError('CODE_NOT_FOUND', 'The link is already used');
    if (await taken(trx)) throw new AppError('NAME_TAKEN', 'This address is taken: choose another');
    const created = await createSite(trx, {
      name: input.siteName,
      title: input.schoolName,
      plan: 'demo',
      trialEndsAt: new Date(Date.now() + TRIAL_DAYS * DAY_MS).toISOString(),
      registrationEnabled: false,
      hosts: [host],
    });
    await createSiteAdministrator(trx, {
      siteId: created.id,
      email: trial.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      language: deps.locale,
    });
    await trx.updateTable('site_trials').set({ site_id: created.id }).where('id', '=', trial.id).execute();
    return created;
  });
  return { siteName: site.name, host, signInUrl: signInUrl(deps.config, host), email: trial.email };
}
