import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../modules/identity';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { seedDemoActivity } from './activity';
import { seedDemoBookings } from './bookings';
import { seedDemoBooks } from './books';
import { seedDemoCourses } from './courses';
import { createCompany, createNews, createUser, siteValues } from './factories';
import { demoNews } from './news';
import { seedDemoPeople } from './people';
import { seedDemoProducts } from './products';
import { seedCourseCheckIn, seedDemoSurvey } from './surveys';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.local', firstName: 'Ada', lastName: 'Admin', role: 'admin', privilegies: 100, totalXp: 0 },
  { email: 'coach@demo.local', firstName: 'Carl', lastName: 'Coach', role: 'coach', privilegies: 60, totalXp: 0 },
  {
    email: 'student@demo.local',
    firstName: 'Stina',
    lastName: 'Student',
    role: 'student',
    privilegies: 0,
    totalXp: 35,
  },
] as const;

/** The demo site's company, a business customer of the school. */
export const DEMO_COMPANY = {
  name: 'Nordic Sound AB',
  seats: 5,
  contactName: 'Nils Nordin',
  contactEmail: 'nils.nordin@nordicsound.example',
  contactPhone: '+46 8 123 456 78',
  orgNumber: '556677-8899',
} as const;

/**
 * The default site every request without a `site` header (and from no host of another site) uses; made on any empty
 * database. Its registration is off (spec §2: no sign-up on the main site) but for the demo, whose sign-up is part of
 * what it shows; the operator turns it on or off with `npm run site -- update main --registration on|off`.
 */
export async function ensureMainSite(db: Db, options: { registrationEnabled?: boolean } = {}): Promise<number> {
  const existing = await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirst();
  if (existing) return existing.id;
  const site = await db
    .insertInto('sites')
    .values(
      siteValues({
        name: 'main',
        title: 'Learning Platform',
        // The school's own site, not a trial: the demo plan's limits (10 users) are those of a self-service trial.
        plan: 'professional',
        registrationEnabled: options.registrationEnabled ?? false,
      }),
    )
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();
  return (
    site?.id ?? (await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirstOrThrow()).id
  );
}

/**
 * Demo accounts and news, on the first start of a database that has no users. The password is
 * DEMO_PASSWORD, or a generated one that is printed and written to <DATA_DIR>/demo-credentials.txt.
 */
export async function seedDemo(opts: { db: Db; config: Config; log: FastifyBaseLogger }): Promise<void> {
  const { db, config, log } = opts;
  const siteId = await ensureMainSite(db, { registrationEnabled: true });
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return;

  const password = config.demoPassword ?? `demo-${randomBytes(9).toString('base64url')}`;
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const site = { id: siteId };
    // A business customer of the school with the demo student as its user and seats to spare.
    const company = await createCompany(trx, { site, ...DEMO_COMPANY });
    const ids: Partial<Record<(typeof DEMO_ACCOUNTS)[number]['role'], number>> = {};
    for (const account of DEMO_ACCOUNTS) {
      const companyId = account.role === 'student' ? company.id : null;
      ids[account.role] = (await createUser(trx, { site, ...account, passwordHash, companyId })).id;
    }
    for (const [index, item] of demoNews.entries()) {
      const publishedAt = new Date(Date.now() - (demoNews.length - index) * 86_400_000);
      await createNews(trx, { site, ...item, publishedAt });
    }
    const { courseIds } = await seedDemoCourses(trx, {
      config,
      siteId,
      studentId: ids.student as number,
      coachId: ids.coach as number,
    });
    await seedDemoPeople(trx, {
      siteId,
      passwordHash,
      adminId: ids.admin as number,
      courseIds,
    });
    await seedDemoProducts(trx, { config, siteId, courseIds });
    await seedDemoBookings(trx, { siteId, coachId: ids.coach as number, studentId: ids.student as number });
    await seedDemoBooks(trx, { siteId, companyId: company.id });
    await seedDemoSurvey(trx, { siteId, adminId: ids.admin as number, courseId: courseIds[0] as number });
    await seedCourseCheckIn(trx, { siteId, adminId: ids.admin as number, courseId: courseIds[0] as number });
    await seedDemoActivity(trx, { siteId, courseId: courseIds[0] as number });
  });

  const lines = DEMO_ACCOUNTS.map((a) => `${a.email.padEnd(22)} ${password}`);
  const text = `Demo accounts (site "main"):\n${lines.join('\n')}\n`;
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(path.join(config.dataDir, 'demo-credentials.txt'), text, { mode: 0o600 });
  const file = path.join(config.dataDir, 'demo-credentials.txt');
  log.info({ file }, 'Demo accounts created');
  // Printed plainly, not as a log record: this is for the person who just ran `npm start`.
  if (config.logLevel !== 'silent') process.stdout.write(`\n${text}(also written to ${file})\n\n`);
}
