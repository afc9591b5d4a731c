import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanId } from '../../src/shared/domain/site/plans';
import { createCompany, createSite, createUser } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse } from '../factories/courses';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

const STRONG = 'violet tractor umbrella';
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let counter = 0;
const fresh = (name: string) => `${name}-${Date.now()}-${counter++}@example.test`;

/** The limits of spec §1 where each is crossed, the usage administrators see, and a trial's end. */
describe.each(dialects)('plans and limits on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** A site on `plan` with an administrator and, to make `users` in all, students. */
  async function school(plan: PlanId, opts: { users?: number; trialEndsAt?: string | null } = {}) {
    const site = await createSite(server.db, { plan, trialEndsAt: opts.trialEndsAt ?? null });
    const admin = await createPerson(server, site, 'admin');
    for (let i = 1; i < (opts.users ?? 1); i++) await createUser(server.db, { site, role: 'student' });
    return { site, admin };
  }
  const countOf = async (site: { id: number }, table: 'users' | 'courses' | 'companies') =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('site_id', '=', site.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const invite = (who: Person, email = fresh('invited')) =>
    server.call('users.php', 'save_user', { Id: 0, FirstName: 'Ina', LastName: 'Vited', Email: email }, as(who));
  const importCsv = (who: Person, rows: number, commit: boolean) =>
    server.call(
      'user_transfer.php',
      'import_users',
      {
        Csv: [
          'email,first name,last name',
          ...Array.from({ length: rows }, (_, i) => `${fresh(`row${i}`)},Row,${i}`),
        ].join('\n'),
        Commit: commit,
      },
      as(who),
    );
  const register = (site: { name: string }, extra: Record<string, unknown> = {}) =>
    server.call(
      'register.php',
      'register',
      {
        account_type: 'private',
        FirstName: 'Greta',
        LastName: 'Garbo',
        email: fresh('greta'),
        password: STRONG,
        agree_terms: true,
        ...extra,
      },
      { site: site.name },
    );

  it('shows staff the plan, its trial and what the site uses of each limit; students and the signed out are refused', async () => {
    const { site, admin } = await school('demo', { users: 4, trialEndsAt: daysFromNow(12) });
    await createCourse(server.db, { site });
    const archived = await createCourse(server.db, { site });
    await server.db
      .updateTable('courses')
      .set({ archived_at: daysFromNow(-1) })
      .where('id', '=', archived.id)
      .execute();
    await createCompany(server.db, { site, name: 'Acme AB' });
    await server.db
      .updateTable('sites')
      .set({ storage_bytes: 3 * 1024 * 1024 })
      .where('id', '=', site.id)
      .execute();

    const answer = await server.call('site.php', 'get_plan_usage', {}, as(admin));
    expect(answer.body).toEqual({
      status: 'OK',
      data: {
        Plan: 'demo',
        TrialEndsAt: expect.any(String),
        TrialEnded: false,
        Limits: { Users: 10, Courses: 3, Companies: 1, StorageMb: 500 },
        // The archived course is not counted.
        Usage: { Users: 4, Courses: 1, Companies: 1, StorageBytes: 3 * 1024 * 1024 },
      },
    });
    const coach = await createPerson(server, site, 'coach');
    expect((await server.call('site.php', 'get_plan_usage', {}, as(coach))).body.status).toBe('OK');
    const student = await createPerson(server, site, 'student');
    const refused = await server.call('site.php', 'get_plan_usage', {}, as(student));
    expect([refused.httpStatus, refused.body.error_code]).toEqual([403, 'FORBIDDEN']);
    const anonymous = await server.call('site.php', 'get_plan_usage', {}, { site: site.name });
    expect(anonymous.httpStatus).toBe(401);

    const unlimited = await school('enterprise');
    const enterprise = await server.call('site.php', 'get_plan_usage', {}, as(unlimited.admin));
    expect(enterprise.body).toMatchObject({
      data: { Plan: 'enterprise', TrialEndsAt: null, Limits: { Users: null, Courses: null, StorageMb: null } },
    });
    const facts = await server.call('site.php', 'get_site', {}, { site: site.name });
    expect(facts.body).toMatchObject({ data: { Plan: 'demo', TrialEndsAt: expect.any(String) } });
  });

  it('a full plan refuses another user by invitation, import and registration, naming the limit; nothing is added', async () => {
    const { site, admin } = await school('demo', { users: 9 });
    // The tenth user fits (spec §1: demo accounts, 10 users).
    expect((await invite(admin)).body).toMatchObject({ status: 'OK', Created: true });
    const refused = await invite(admin);
    expect(refused.httpStatus).toBe(403);
    expect(refused.body).toMatchObject({ error_code: 'PLAN_LIMIT', resource: 'users', limit: 10, current: 10 });
    for (const commit of [false, true]) {
      const file = await importCsv(admin, 1, commit);
      expect(file.body).toMatchObject({ error_code: 'PLAN_LIMIT', resource: 'users', limit: 10 });
    }
    // A visitor is told the school is full, not its plan, whether her address is known or not.
    const visitor = await register(site);
    expect([visitor.httpStatus, visitor.body.error_code]).toEqual([403, 'SITE_FULL']);
    const known = await register(site, { email: admin.email });
    expect(known.body.error_code).toBe('SITE_FULL');
    expect(await countOf(site, 'users')).toBe(10);
    const mails = await server.db.selectFrom('mail_outbox').select('id').where('site_id', '=', site.id).execute();
    expect(mails).toHaveLength(1);
  });

  it('an import is checked whole against the room left: 3 rows into 2 places are refused, 2 are created', async () => {
    const { site, admin } = await school('demo', { users: 8 });
    expect((await importCsv(admin, 3, false)).body).toMatchObject({ error_code: 'PLAN_LIMIT', current: 8 });
    expect((await importCsv(admin, 3, true)).body.error_code).toBe('PLAN_LIMIT');
    expect(await countOf(site, 'users')).toBe(8);
    expect((await importCsv(admin, 2, true)).body).toMatchObject({ status: 'OK', Created: 2 });
    expect(await countOf(site, 'users')).toBe(10);
  });

  it('registration as a company on a plan whose companies are used up registers her without one', async () => {
    const { site } = await school('demo', { users: 2 });
    await createCompany(server.db, { site, name: 'Acme AB' });
    const email = fresh('company');
    const answer = await register(site, { account_type: 'company', CompanyName: 'Initech AB', email });
    expect(answer.body.status).toBe('OK');
    const user = await server.db
      .selectFrom('users')
      .select('company_id')
      .where('site_id', '=', site.id)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.company_id).toBeNull();
    expect(await countOf(site, 'companies')).toBe(1);
  });

  it('two invitations at once for the last place: exactly one is taken', async () => {
    const { site, admin } = await school('demo', { users: 9 });
    const answers = await Promise.all([invite(admin), invite(admin), invite(admin)]);
    expect(answers.map((a) => a.body.status).sort()).toEqual(['ERROR', 'ERROR', 'OK']);
    expect(await countOf(site, 'users')).toBe(10);
  });

  it('courses: create and duplicate stop at the limit; archiving makes room, and restoring needs it', async () => {
    const { site, admin } = await school('demo');
    const courses: number[] = [];
    for (let i = 0; i < 3; i++) courses.push((await createCourse(server.db, { site, name: `Course ${i}` })).id);
    const [first, second] = courses as [number, number, number];
    const created = await server.call('course_manager.php', 'create_course', { Name: 'Fourth' }, as(admin));
    expect(created.body).toMatchObject({ error_code: 'PLAN_LIMIT', resource: 'courses', limit: 3 });
    const copy = await server.call('course_manager.php', 'duplicate_course', { CourseId: first }, as(admin));
    expect(copy.body).toMatchObject({ error_code: 'PLAN_LIMIT', resource: 'courses' });
    expect(await countOf(site, 'courses')).toBe(3);

    expect(
      (await server.call('course_manager.php', 'archive_course', { CourseId: first }, as(admin))).body.status,
    ).toBe('OK');
    expect((await server.call('course_manager.php', 'create_course', { Name: 'Fourth' }, as(admin))).body.status).toBe(
      'OK',
    );
    const restored = await server.call('course_manager.php', 'restore_course', { CourseId: first }, as(admin));
    expect(restored.body).toMatchObject({ error_code: 'PLAN_LIMIT', resource: 'courses' });
    const row = await server.db
      .selectFrom('courses')
      .select('archived_at')
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    expect(row.archived_at).not.toBeNull();
    // Archiving an archived course or restoring a course that is not archived changes nothing and needs no room.
    expect(
      (await server.call('course_manager.php', 'restore_course', { CourseId: second }, as(admin))).body.status,
    ).toBe('OK');
  });

  it('after the trial: nothing more is added, learners keep learning, and the site says when it ended', async () => {
    const { site, admin } = await school('professional', { users: 3, trialEndsAt: daysFromNow(-1) });
    const course = await createCourse(server.db, { site });
    const student = await createPerson(server, site, 'student');

    const refusals = [
      await invite(admin),
      await importCsv(admin, 1, false),
      await server.call('course_manager.php', 'create_course', { Name: 'New' }, as(admin)),
      await server.call('course_manager.php', 'duplicate_course', { CourseId: course.id }, as(admin)),
      await server.call('companies.php', 'save_company', { Name: 'Late AB' }, as(admin)),
    ];
    for (const refused of refusals) {
      expect([refused.httpStatus, refused.body.error_code]).toEqual([403, 'TRIAL_ENDED']);
      expect(refused.body).toMatchObject({ trial_ends_at: expect.any(String) });
    }
    expect((await register(site)).body.error_code).toBe('SITE_FULL');

    // What the site has keeps working: a learner reads her courses, staff change what exists.
    expect((await server.call('course.php', 'get_my_courses', { UserId: student.id }, as(student))).body.status).toBe(
      'OK',
    );
    expect(
      (await server.call('course_manager.php', 'rename_course', { CourseId: course.id, Name: 'Renamed' }, as(admin)))
        .body.status,
    ).toBe('OK');
    const usage = await server.call('site.php', 'get_plan_usage', {}, as(admin));
    expect(usage.body).toMatchObject({ data: { TrialEnded: true, Plan: 'professional' } });
    expect(await countOf(site, 'users')).toBe(4);
    expect(await countOf(site, 'courses')).toBe(1);
    expect(await countOf(site, 'companies')).toBe(0);
  });
});
