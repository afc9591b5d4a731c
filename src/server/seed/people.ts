import { newCode } from '../modules/codes';
import type { Db } from '../platform/db';
import { createCompany, createRegistrationCode, grantAccess, userValues } from './factories';

/**
 * The people and codes of the demo site beyond its three accounts: learners enough to make /users worth looking at
 * (some in the companies, some not verified, one locked, some with a course that ends), the business customers, and
 * registration codes in every status (spec §4: active, inactive, expired), one of them redeemed.
 */

const FIRST = ['Astrid', 'Björn', 'Chloe', 'David', 'Elin', 'Farah', 'Gustav', 'Hanna', 'Isak', 'Jonna', 'Karim'];
const LAST = ['Lindqvist', 'Morgan', 'Nyström', 'Okafor', 'Persson', 'Quinn', 'Rahimi', 'Sandberg'];

/** How many learners the seed adds beside the demo student. */
export const DEMO_LEARNERS = 44;

const companies = [
  {
    name: 'Malmö Musikskola',
    seats: 20,
    contactName: 'Maja Malm',
    contactEmail: 'maja.malm@musikskola.example',
    orgNumber: '556123-4567',
  },
  { name: 'Harbour Studios Ltd', seats: null, contactName: 'Hugh Harbour', contactEmail: 'hugh@harbour.example' },
] as const;

export async function seedDemoPeople(
  db: Db,
  opts: {
    siteId: number;
    passwordHash: string;
    adminId: number;
    courseIds: number[];
  },
): Promise<void> {
  const site = { id: opts.siteId };
  // The demo student's company keeps its seats to spare; learners join the others.
  const companyIds: number[] = [];
  for (const company of companies) companyIds.push((await createCompany(db, { site, ...company })).id);

  const rows = Array.from({ length: DEMO_LEARNERS }, (_, i) => {
    const firstName = FIRST[i % FIRST.length] as string;
    const lastName = LAST[(3 * i + Math.floor(i / FIRST.length)) % LAST.length] as string;
    const email = `${firstName}.${lastName}.${i + 1}@learners.example`.toLowerCase().normalize('NFD');
    return userValues({
      site,
      role: 'student',
      email: email.replace(/\p{M}/gu, ''),
      passwordHash: opts.passwordHash,
      firstName,
      lastName,
      // Every third learner belongs to a company; every ninth has not opened her verification mail yet.
      companyId: i % 3 === 0 ? (companyIds[(i / 3) % companyIds.length] ?? null) : null,
      verified: i % 9 !== 4,
      totalXp: (i * 37) % 120,
      language: i % 2 === 0 ? 'sv' : 'en',
    });
  });
  const learners = await db.insertInto('users').values(rows).returning('id').execute();
  const [demoCourseId, secondCourseId] = opts.courseIds as [number, number];
  for (const [i, learner] of learners.entries()) {
    if (i % 2 === 0) await grantAccess(db, { site, course: { id: demoCourseId }, user: learner });
    // A few have the second course for a term only.
    if (i % 5 === 0) {
      const expiresAt = new Date(Date.now() + (30 + i) * 86_400_000);
      await grantAccess(db, { site, course: { id: secondCourseId }, user: learner, expiresAt });
    }
  }
  const locked = learners[7];
  if (locked) {
    await db
      .updateTable('users')
      .set({ locked_at: new Date().toISOString(), locked_by_user_id: opts.adminId })
      .where('id', '=', locked.id)
      .execute();
  }

  const day = 86_400_000;
  const inDays = (days: number) => new Date(Date.now() + days * day).toISOString();
  const createdBy = { id: opts.adminId };
  const base = { site, createdBy, courseIds: [demoCourseId] };
  // Active: a class's batch of ten, each for one learner, a year's access.
  for (let n = 1; n <= 10; n++) {
    await createRegistrationCode(db, {
      ...base,
      code: newCode(),
      batchKey: 'demo-class-2026',
      note: 'Class of 2026',
      accessDays: 365,
      validTo: inDays(90),
    });
  }
  // Active, many uses, both courses; redeemed by the first learner (who has both).
  const shared = await createRegistrationCode(db, {
    ...base,
    code: newCode(),
    courseIds: opts.courseIds,
    note: 'Open day',
    uses: 50,
    usesLeft: 49,
  });
  await db
    .insertInto('registration_code_redemptions')
    .values({
      site_id: opts.siteId,
      code_id: shared.id,
      user_id: learners[0]?.id as number,
      created_at: inDays(-3),
      updated_at: inDays(-3),
    })
    .execute();
  // Not valid yet (active, from next month), inactive (deactivated by staff) and expired (its last day passed).
  await createRegistrationCode(db, { ...base, code: newCode(), note: 'Autumn term', validFrom: inDays(30) });
  await createRegistrationCode(db, { ...base, code: newCode(), note: 'Withdrawn', deactivatedAt: inDays(-10) });
  await createRegistrationCode(db, {
    ...base,
    code: newCode(),
    note: 'Spring campaign',
    validFrom: inDays(-120),
    validTo: inDays(-30),
  });
}
