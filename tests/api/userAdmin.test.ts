import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATIONS_PER_STAFF } from '../../src/shared/domain/administration/users';
import { MAX_LOGIN_ATTEMPTS, MAX_TEMPORARY_LOCKS } from '../../src/shared/domain/identity/accounts';
import { createCompany, createSite, signIn } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { linkIn, mailsTo, snapshotRows } from '../support/inspect';
import { whileRowLocked } from '../support/locks';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

type SaveData = DataOf<'users.php', 'save_user'>;

describe.each(dialects)('users.php, one user’s page, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function school() {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin', { firstName: 'Ada', lastName: 'Admin' });
    const coach = await createPerson(server, site, 'coach', { firstName: 'Cole', lastName: 'Coach' });
    const student = await createPerson(server, site, 'student', { firstName: 'Stina', lastName: 'Student' });
    return { site, admin, coach, student };
  }

  const page = (who: Person, id: number) => server.call('users.php', 'get_user', { Id: id }, as(who));
  const save = (who: Person, data: SaveData) => server.call('users.php', 'save_user', data, as(who));
  const userRow = (id: number) =>
    server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const history = async (id: number) =>
    (
      await server.db
        .selectFrom('user_history')
        .select(['action', 'actor_user_id', 'details'])
        .where('user_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row, details: JSON.parse(row.details) }));
  /** The profile fields save_user takes, as she is now. */
  const asSaved = async (id: number): Promise<SaveData> => {
    const row = await userRow(id);
    return {
      Id: id,
      FirstName: row.first_name,
      LastName: row.last_name,
      Email: row.email,
      CompanyId: row.company_id,
      Language: row.language as 'en' | 'sv' | null,
    };
  };

  it('refuses students everything, and answers staff their own site’s users only', async () => {
    const { site, admin, coach, student } = await school();
    const other = await createPerson(server, await createSite(server.db), 'student');
    const course = await createCourse(server.db, { site });
    const before = await snapshotRows(server);
    const calls: [string, () => Promise<{ httpStatus: number; body: { error_code?: string } }>][] = [
      ['get_user', () => page(student, admin.id)],
      ['get_user_history', () => server.call('users.php', 'get_user_history', { Id: admin.id }, as(student))],
      ['save_user', () => save(student, { Id: 0, FirstName: 'N', LastName: 'N', Email: 'n@school.test' })],
      [
        'grant_user_course',
        () => server.call('users.php', 'grant_user_course', { UserId: student.id, CourseId: course.id }, as(student)),
      ],
      [
        'revoke_user_course',
        () => server.call('users.php', 'revoke_user_course', { UserId: student.id, CourseId: course.id }, as(student)),
      ],
      ['lock_user', () => server.call('users.php', 'lock_user', { Id: coach.id }, as(student))],
      ['unlock_user', () => server.call('users.php', 'unlock_user', { Id: coach.id }, as(student))],
      ['end_user_sessions', () => server.call('users.php', 'end_user_sessions', { Id: coach.id }, as(student))],
      ['send_password_reset', () => server.call('users.php', 'send_password_reset', { Id: coach.id }, as(student))],
    ];
    for (const [name, make] of calls) {
      const answer = await make();
      expect([name, answer.httpStatus, answer.body.error_code]).toEqual([name, 403, 'FORBIDDEN']);
    }
    expect(await snapshotRows(server)).toEqual(before);

    // Another site's user, and a user that does not exist, are not found for staff.
    for (const staff of [admin, coach]) {
      for (const id of [other.id, 2_000_000_000]) {
        const answer = await page(staff, id);
        expect([answer.httpStatus, answer.body.error_code]).toEqual([404, 'NOT_FOUND']);
        const lock = await server.call('users.php', 'lock_user', { Id: id }, as(staff));
        expect(lock.body.error_code).toBe('NOT_FOUND');
      }
    }
    expect((await userRow(other.id)).locked_at).toBeNull();
    // The id is a positive integer: 0, text and fractions are refused before anything is read.
    for (const Id of [0, -1, 1.5, 'abc']) {
      const answer = await server.callRaw('users.php', 'get_user', { Id }, as(admin));
      expect([answer.httpStatus, answer.body.error_code]).toEqual([400, 'INVALID_REQUEST']);
    }
    expect((await page(coach, student.id)).body.Can).toEqual({ Manage: true, ChangeRole: false });
    expect((await page(coach, admin.id)).body.Can).toEqual({ Manage: false, ChangeRole: false });
    expect((await page(admin, coach.id)).body.Can).toEqual({ Manage: true, ChangeRole: true });
  });

  it('shows her profile, courses with progress, achievements, exams in their states, certificates and sessions', async () => {
    const { site, admin, student } = await school();
    const company = await createCompany(server.db, { site, name: 'Acme' });
    await server.db
      .updateTable('users')
      .set({ company_id: company.id, total_xp: 42 })
      .where('id', '=', student.id)
      .execute();
    const guitar = await createCourse(server.db, {
      site,
      name: 'Guitar',
      achievements: [{ requiredXp: 10, title: 'Strummer' }],
      parts: [
        { name: 'Intro' },
        {
          name: 'Exams',
          blocks: [
            { type: 'Exam', title: 'Midterm' },
            { type: 'FinalExam', title: 'Final' },
          ],
        },
      ],
    });
    const piano = await createCourse(server.db, { site, name: 'Piano' });
    const drums = await createCourse(server.db, { site, name: 'Drums' });
    const ends = new Date(Date.now() + 10 * 86_400_000);
    await grantAccess(server.db, { site, course: guitar, user: student, expiresAt: ends });
    await grantAccess(server.db, { site, course: piano, user: student, expiresAt: new Date(Date.now() - 86_400_000) });
    const at = new Date().toISOString();
    const row = { site_id: site.id, user_id: student.id, created_at: at, updated_at: at };
    await server.db
      .insertInto('course_progress')
      .values([
        { ...row, course_id: guitar.id, progress_percent: 40, xp: 12, completed_at: null },
        { ...row, course_id: drums.id, progress_percent: 100, xp: 30, completed_at: at },
      ])
      .execute();
    await server.db
      .insertInto('user_achievements')
      .values({ ...row, achievement_id: guitar.achievementIds[0] ?? 0 })
      .execute();
    const [midterm, final] = guitar.blockIds[1] ?? [];
    await server.db
      .insertInto('user_exams')
      .values({
        ...row,
        course_id: guitar.id,
        course_part_id: guitar.partIds[1] ?? 0,
        course_block_id: midterm ?? 0,
        status: 'submitted',
        answer: '<p>Mine</p>',
        review_comment: null,
        review_score: null,
        submitted_at: at,
        reviewed_at: null,
        reviewed_by_user_id: null,
        submissions: 1,
      })
      .execute();
    const expires = new Date(Date.now() + 365 * 86_400_000).toISOString();
    await server.db
      .insertInto('certificates')
      .values({ ...row, course_id: drums.id, code: 'CERT-1', issued_at: at, expires_at: expires })
      .execute();

    const answer = await page(admin, student.id);
    expect(answer.httpStatus).toBe(200);
    const data = answer.body.data;
    expect(data.User).toMatchObject({
      Id: student.id,
      FirstName: 'Stina',
      LastName: 'Student',
      Email: student.email,
      UserType: 1,
      Privilegies: 0,
      CompanyId: company.id,
      CompanyName: 'Acme',
      Verified: true,
      Locked: false,
      TotalXp: 42,
      LockedAt: null,
      SignInLocked: false,
    });
    expect(
      data.Courses.map((c) => [c.Name, c.HasAccess, c.Expired, c.ProgressPercent, c.Status, c.ExpiresAt !== null]),
    ).toEqual([
      ['Drums', false, false, 100, 'completed', false],
      ['Guitar', true, false, 40, 'in_progress', true],
      ['Piano', true, true, 0, 'not_started', true],
    ]);
    expect(data.Achievements.map((a) => [a.Title, a.CourseName])).toEqual([['Strummer', 'Guitar']]);
    expect(data.Exams.map((e) => [e.BlockId, e.Status, e.CourseName])).toEqual([
      [midterm, 'submitted', 'Guitar'],
      [final, 'not_started', 'Guitar'],
    ]);
    expect(data.Certificates).toEqual([
      {
        Id: expect.any(Number),
        CourseId: drums.id,
        CourseName: 'Drums',
        Code: 'CERT-1',
        IssuedAt: at,
        ExpiresAt: expires,
        Expired: false,
      },
    ]);
    // She signed in once (createPerson).
    expect(data.Sessions).toHaveLength(1);
    expect(data.History).toEqual([]);
  });

  it('lets staff change a student’s profile and company, written in her history', async () => {
    const { site, coach, student } = await school();
    const company = await createCompany(server.db, { site, name: 'Acme' });
    const answer = await save(coach, {
      ...(await asSaved(student.id)),
      FirstName: 'Kristina',
      Email: 'kristina@school.test',
      CompanyId: company.id,
      Language: 'sv',
    });
    expect(answer.body).toEqual({ status: 'OK', Id: student.id, Created: false });
    expect(await userRow(student.id)).toMatchObject({
      first_name: 'Kristina',
      email: 'kristina@school.test',
      company_id: company.id,
      language: 'sv',
    });
    expect(await history(student.id)).toEqual([
      {
        action: 'updated',
        actor_user_id: coach.id,
        details: {
          FirstName: { From: 'Stina', To: 'Kristina' },
          Email: { From: student.email, To: 'kristina@school.test' },
          Company: { From: null, To: 'Acme' },
          Language: { From: null, To: 'sv' },
        },
      },
    ]);
    const entries = (await page(coach, student.id)).body.data.History;
    expect(entries.map((e) => [e.Action, e.ActorName])).toEqual([['updated', 'Cole Coach']]);
    // Saving the same again changes nothing and writes no entry.
    await save(coach, await asSaved(student.id));
    expect(await history(student.id)).toHaveLength(1);
  });

  it("keeps within a company's seats when a user joins it or is made in it", async () => {
    const { site, coach, student } = await school();
    const company = await createCompany(server.db, { site, name: 'Full AB', seats: 1 });
    const member = await save(coach, {
      Id: 0,
      FirstName: 'M',
      LastName: 'Member',
      Email: 'm@school.test',
      CompanyId: company.id,
    });
    expect(member.body.status).toBe('OK');
    const before = await snapshotRows(server);
    const joining = await save(coach, { ...(await asSaved(student.id)), CompanyId: company.id });
    expect(joining.httpStatus).toBe(409);
    expect(joining.body).toMatchObject({ error_code: 'SEATS_EXCEEDED', seats: 1, users: 1, adding: 1 });
    const made = await save(coach, {
      Id: 0,
      FirstName: 'N',
      LastName: 'New',
      Email: 'n@school.test',
      CompanyId: company.id,
    });
    expect(made.body.error_code).toBe('SEATS_EXCEEDED');
    expect(await snapshotRows(server)).toEqual(before);
    // Saving her other fields while she stays in a full company takes no seat.
    const stays = await save(coach, { ...(await asSaved(member.body.Id ?? 0)), FirstName: 'Mona' });
    expect(stays.body.status).toBe('OK');
  });

  it('refuses bad input, a taken address and another site’s company, changing nothing', async () => {
    const { site, admin, coach, student } = await school();
    const otherCompany = await createCompany(server.db, { site: await createSite(server.db), name: 'Elsewhere' });
    const before = await snapshotRows(server);
    const base = await asSaved(student.id);
    const refusals: [SaveData, number, string][] = [
      [{ ...base, Email: coach.email }, 409, 'EMAIL_TAKEN'],
      [{ ...base, Email: 'not an address' }, 400, 'INVALID_REQUEST'],
      [{ ...base, FirstName: '' }, 400, 'INVALID_REQUEST'],
      [{ ...base, FirstName: 'Two\nlines' }, 400, 'INVALID_REQUEST'],
      [{ ...base, CompanyId: otherCompany.id }, 400, 'INVALID_REQUEST'],
      [{ ...base, UserType: 5 as 1 }, 400, 'INVALID_REQUEST'],
      [{ ...base, Privilegies: 101 }, 400, 'INVALID_REQUEST'],
      [{ ...base, Id: 0, Email: coach.email.toUpperCase() }, 409, 'EMAIL_TAKEN'],
    ];
    for (const [data, status, code] of refusals) {
      const answer = await save(admin, data);
      expect([answer.httpStatus, answer.body.error_code]).toEqual([status, code]);
    }
    const grant = (ExpiresAt: string | null, CourseId = 2_000_000_000) =>
      server.call('users.php', 'grant_user_course', { UserId: student.id, CourseId, ExpiresAt }, as(admin));
    expect((await grant(null)).body.error_code).toBe('NOT_FOUND');
    const course = await createCourse(server.db, { site });
    const after = await snapshotRows(server);
    for (const bad of ['2020-01-01', 'tomorrow', '2026-13-45']) {
      const answer = await grant(bad, course.id);
      expect([bad, answer.httpStatus, answer.body.error_code]).toEqual([bad, 400, 'INVALID_REQUEST']);
    }
    const revoke = await server.call(
      'users.php',
      'revoke_user_course',
      { UserId: student.id, CourseId: course.id },
      as(admin),
    );
    expect(revoke.body.error_code).toBe('NOT_FOUND');
    expect(await snapshotRows(server)).toEqual(after);
    expect(Object.keys(after).filter((t) => after[t] !== before[t])).toEqual(['courses', 'course_parts']);
  });

  it('lets only administrators change type and privilegies', async () => {
    const { site, admin, coach, student } = await school();
    const before = await snapshotRows(server);
    for (const change of [{ UserType: 8 as const }, { Privilegies: 60 }]) {
      const answer = await save(coach, { ...(await asSaved(student.id)), ...change });
      expect([answer.httpStatus, answer.body.error_code]).toEqual([403, 'FORBIDDEN']);
      expect(answer.body.message).toContain('Only administrators may change the type and privilegies');
    }
    // A coach neither edits staff nor creates them.
    const onAdmin = await save(coach, { ...(await asSaved(admin.id)), FirstName: 'Hacked' });
    expect(onAdmin.body.error_code).toBe('FORBIDDEN');
    const newStaff = await save(coach, { FirstName: 'New', LastName: 'Admin', Email: 'na@school.test', UserType: 2 });
    expect(newStaff.body.error_code).toBe('FORBIDDEN');
    expect(await snapshotRows(server)).toEqual(before);

    const promoted = await save(admin, { ...(await asSaved(student.id)), UserType: 8, Privilegies: 60 });
    expect(promoted.body.status).toBe('OK');
    expect(await userRow(student.id)).toMatchObject({ user_type: 8, privilegies: 60 });
    expect((await history(student.id)).map((h) => h.details)).toEqual([
      { UserType: { From: 1, To: 8 }, Privilegies: { From: 0, To: 60 } },
    ]);
    expect(site.id).toBeGreaterThan(0);
  });

  it('never lowers, demotes or locks the last administrator', async () => {
    const { site, admin } = await school();
    const before = await snapshotRows(server);
    for (const change of [{ UserType: 8 as const }, { UserType: 1 as const }, { Privilegies: 50 }]) {
      const answer = await save(admin, { ...(await asSaved(admin.id)), ...change });
      expect([answer.httpStatus, answer.body.error_code]).toEqual([409, 'LAST_ADMIN']);
    }
    const lockSelf = await server.call('users.php', 'lock_user', { Id: admin.id }, as(admin));
    expect(lockSelf.body.error_code).toBe('FORBIDDEN');
    expect(await snapshotRows(server)).toEqual(before);

    // With a second administrator, one may be lowered; then the other is the last. A locked one does not count.
    const second = await createPerson(server, site, 'admin');
    const third = await createPerson(server, site, 'admin');
    expect((await server.call('users.php', 'lock_user', { Id: third.id }, as(second))).body.status).toBe('OK');
    expect((await save(second, { ...(await asSaved(admin.id)), Privilegies: 40 })).body.status).toBe('OK');
    const last = await save(admin, { ...(await asSaved(second.id)), UserType: 1 });
    expect(last.body.error_code).toBe('FORBIDDEN'); // admin is no administrator any more
    const selfLower = await save(second, { ...(await asSaved(second.id)), UserType: 8 });
    expect(selfLower.body.error_code).toBe('LAST_ADMIN');
    const lockLast = await server.call('users.php', 'lock_user', { Id: second.id }, as(second));
    expect(lockLast.body.error_code).toBe('FORBIDDEN');
    expect(await userRow(second.id)).toMatchObject({ user_type: 2, privilegies: 100, locked_at: null });
  });

  it('two administrators lowering each other at once leave one of them', async () => {
    const { site, admin } = await school();
    const other = await createPerson(server, site, 'admin', { firstName: 'Otto' });
    const answers = await whileRowLocked(server, { table: 'users', id: [admin.id, other.id] }, async () =>
      Promise.all([
        save(admin, { ...(await asSaved(other.id)), UserType: 8 }),
        save(other, { ...(await asSaved(admin.id)), UserType: 8 }),
      ]),
    );
    // One goes through; the other is refused, as the last administrator (the two at once, on PostgreSQL) or as no
    // administrator any more (one after the other, on SQLite).
    const outcomes = answers.map((answer) => answer.body.error_code ?? answer.body.status).sort();
    expect(outcomes[1]).toBe('OK');
    expect(['FORBIDDEN', 'LAST_ADMIN']).toContain(outcomes[0]);
    const admins = await server.db
      .selectFrom('users')
      .select('id')
      .where('site_id', '=', site.id)
      .where('user_type', '=', 2)
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('locks: sign-in refused with its own error and her sessions ended; unlock also clears the failed sign-ins', async () => {
    const { site, admin, student } = await school();
    const own = { site: site.name, token: student.token };
    expect((await server.call('profile.php', 'get_profile', { UserId: student.id }, own)).httpStatus).toBe(200);

    const locked = await server.call('users.php', 'lock_user', { Id: student.id }, as(admin));
    expect(locked.body).toEqual({ status: 'OK' });
    expect((await server.call('profile.php', 'get_profile', { UserId: student.id }, own)).body.status).toBe(
      'UNAUTHORIZED',
    );
    const refused = await signIn(server, site, student.email, student.password);
    expect([refused.httpStatus, refused.body.error_code]).toEqual([403, 'ACCOUNT_LOCKED_BY_ADMIN']);
    // A wrong password tells nothing of the lock.
    expect((await signIn(server, site, student.email, 'wrong')).body.error_code).toBe('WRONG_CREDENTIALS');
    const view = (await page(admin, student.id)).body.data;
    expect(view.User).toMatchObject({ Locked: true, LockedByUserId: admin.id, LockedByName: 'Ada Admin' });
    expect(view.Sessions).toEqual([]);
    const listed = await server.call('users.php', 'get_users', { Status: 'locked' }, as(admin));
    expect(listed.body.data.map((u) => u.Id)).toEqual([student.id]);

    // Failed sign-ins lock her address too, until a reset.
    for (let lock = 1; lock <= MAX_TEMPORARY_LOCKS; lock++) {
      await server.db
        .updateTable('sign_in_attempts')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', student.email)
        .execute();
      for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i++) await signIn(server, site, student.email, 'wrong');
    }
    expect((await page(admin, student.id)).body.data.User.SignInLocked).toBe(true);

    expect((await server.call('users.php', 'unlock_user', { Id: student.id }, as(admin))).body.status).toBe('OK');
    expect((await page(admin, student.id)).body.data.User).toMatchObject({ Locked: false, SignInLocked: false });
    expect((await signIn(server, site, student.email, student.password)).body.status).toBe('OK');
    expect((await history(student.id)).map((h) => [h.action, h.details])).toEqual([
      ['locked', {}],
      ['unlocked', { AdminLock: true, SignInLock: true }],
    ]);
  });

  it('ends her sessions everywhere, and mails her a reset link, limited', async () => {
    const { site, coach, student } = await school();
    const second = await signIn(server, site, student.email, student.password);
    const ended = await server.call('users.php', 'end_user_sessions', { Id: student.id }, as(coach));
    expect(ended.body).toEqual({ status: 'OK', Ended: 2 });
    for (const token of [student.token, second.body.token ?? '']) {
      const answer = await server.call(
        'profile.php',
        'get_profile',
        { UserId: student.id },
        { site: site.name, token },
      );
      expect(answer.body.status).toBe('UNAUTHORIZED');
    }
    const reset = await server.call('users.php', 'send_password_reset', { Id: student.id }, as(coach));
    expect(reset.body).toEqual({ status: 'OK' });
    const mails = await mailsTo(server, student.email);
    expect(mails.map((m) => m.subject)).toEqual(['Reset your password']);
    const code = linkIn(mails[0]?.text_body ?? '').split('/password-recovery/')[1] ?? '';
    const password = 'a fresh and long passphrase 42';
    const done = await server.call(
      'password.php',
      'reset_password',
      { code, password, password_repeat: password },
      { site: site.name },
    );
    expect(done.body.status).toBe('OK');
    expect((await signIn(server, site, student.email, password)).body.status).toBe('OK');
    // The address takes a few account mails per hour, whoever asks.
    let refused = 0;
    for (let i = 0; i < 6; i++) {
      const answer = await server.call('users.php', 'send_password_reset', { Id: student.id }, as(coach));
      if (answer.body.error_code === 'TOO_MANY_REQUESTS') refused++;
    }
    expect(refused).toBeGreaterThan(0);
    expect((await history(student.id)).map((h) => h.action)).toEqual([
      'sessions_ended',
      ...Array(6 - refused + 1).fill('password_reset_sent'),
    ]);
  });

  it('creates a user with an invitation whose link sets her password, and limits invitations per staff member', async () => {
    const { site, admin, coach } = await school();
    const company = await createCompany(server.db, { site, name: 'Acme' });
    const answer = await save(coach, {
      Id: 0,
      FirstName: 'Nora',
      LastName: 'New',
      Email: 'Nora.New@School.test',
      CompanyId: company.id,
      Language: 'sv',
    });
    expect(answer.body).toMatchObject({ status: 'OK', Created: true });
    const id = answer.body.Id ?? 0;
    expect(await userRow(id)).toMatchObject({
      email: 'nora.new@school.test',
      user_type: 1,
      privilegies: 0,
      company_id: company.id,
      email_verified_at: null,
    });
    const [mail] = await mailsTo(server, 'nora.new@school.test');
    expect(mail?.subject).toBe('Du har fått ett konto');
    // She cannot sign in before she has chosen a password.
    expect((await signIn(server, site, 'nora.new@school.test', 'any guess at all')).body.error_code).toBe(
      'WRONG_CREDENTIALS',
    );
    const code = linkIn(mail?.text_body ?? '').split('/password-recovery/')[1] ?? '';
    const password = 'my very own passphrase 2026';
    const set = await server.call(
      'password.php',
      'reset_password',
      { code, password, password_repeat: password },
      { site: site.name },
    );
    expect(set.body.status).toBe('OK');
    expect((await signIn(server, site, 'nora.new@school.test', password)).body.status).toBe('OK');
    expect((await history(id)).map((h) => [h.action, h.actor_user_id, h.details.Company])).toEqual([
      ['created', coach.id, 'Acme'],
    ]);
    // An invitation link lasts days, not the half hour of a reset.
    const [row] = await server.db
      .selectFrom('one_time_codes')
      .select(['expires_at'])
      .where('user_id', '=', id)
      .execute();
    expect(Date.parse(row?.expires_at ?? '') - Date.now()).toBeGreaterThan(6 * 86_400_000);

    // Administrators may create staff.
    const staff = await save(admin, {
      Id: 0,
      FirstName: 'S',
      LastName: 'T',
      Email: 'st@school.test',
      UserType: 8,
      Privilegies: 60,
    });
    expect(staff.body.status).toBe('OK');
    expect(await userRow(staff.body.Id ?? 0)).toMatchObject({ user_type: 8, privilegies: 60 });

    // The window of invitations per staff member.
    await server.db
      .insertInto('rate_limits')
      .values({
        site_id: site.id,
        bucket: 'user_invitations',
        subject: `user:${admin.id}`,
        window_started_at: new Date().toISOString(),
        taken: INVITATIONS_PER_STAFF.limit,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .onConflict((oc) =>
        oc.columns(['site_id', 'bucket', 'subject']).doUpdateSet({ taken: INVITATIONS_PER_STAFF.limit }),
      )
      .execute();
    const before = await snapshotRows(server);
    const over = await save(admin, { Id: 0, FirstName: 'O', LastName: 'V', Email: 'over@school.test' });
    expect([over.httpStatus, over.body.error_code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(await snapshotRows(server)).toEqual(before);
  });

  it('grants, extends and revokes a course through her page, each in her history', async () => {
    const { site, coach, student } = await school();
    const course = await createCourse(server.db, { site, name: 'Violin' });
    const grant = (ExpiresAt: string | null) =>
      server.call('users.php', 'grant_user_course', { UserId: student.id, CourseId: course.id, ExpiresAt }, as(coach));
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect((await grant(day)).body.status).toBe('OK');
    const own = { site: site.name, token: student.token };
    const mine = await server.call('course.php', 'get_my_courses', { UserId: student.id }, own);
    expect(JSON.stringify(mine.body)).toContain('Violin');
    let courses = (await page(coach, student.id)).body.data.Courses;
    expect(courses.map((c) => [c.Name, c.HasAccess, c.ExpiresAt])).toEqual([['Violin', true, `${day}T23:59:59.999Z`]]);
    const later = new Date(Date.now() + 90 * 86_400_000).toISOString();
    expect((await grant(later)).body.status).toBe('OK');
    expect((await grant(later)).body.status).toBe('OK'); // the same end again writes nothing
    courses = (await page(coach, student.id)).body.data.Courses;
    expect(courses[0]?.ExpiresAt).toBe(later);
    const revoke = await server.call(
      'users.php',
      'revoke_user_course',
      { UserId: student.id, CourseId: course.id },
      as(coach),
    );
    expect(revoke.body.status).toBe('OK');
    expect((await page(coach, student.id)).body.data.Courses).toEqual([]);
    expect((await history(student.id)).map((h) => [h.action, h.details])).toEqual([
      ['course_granted', { CourseId: course.id, Course: 'Violin', ExpiresAt: `${day}T23:59:59.999Z` }],
      [
        'course_extended',
        { CourseId: course.id, Course: 'Violin', ExpiresAt: { From: `${day}T23:59:59.999Z`, To: later } },
      ],
      ['course_revoked', { CourseId: course.id, Course: 'Violin', ExpiresAt: later }],
    ]);
    // Newest first on the page, and paged.
    const first = await server.call('users.php', 'get_user_history', { Id: student.id, Limit: 2 }, as(coach));
    expect(first.body.data.map((e) => e.Action)).toEqual(['course_revoked', 'course_extended']);
    expect(first.body.pagination).toEqual({ page: 1, total_pages: 2, total: 3 });
    const second = await server.call('users.php', 'get_user_history', { Id: student.id, Limit: 2, Page: 2 }, as(coach));
    expect(second.body.data.map((e) => e.Action)).toEqual(['course_granted']);
  });
});
