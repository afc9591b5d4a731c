import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { testDialects } from '../support/databases';
import { snapshotRows } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('view_as.php, "view as this user", on %s', (dialect) => {
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

  const start = (who: Person, id: number, reason = 'She says her course is missing') =>
    server.call('view_as.php', 'start_view_as', { Id: id, Reason: reason }, as(who));

  /** Starts viewing as `student`: the view-as token's call options, and the log entry. */
  async function viewAs(admin: Person, student: Person) {
    const answer = await server.ok('view_as.php', 'start_view_as', { Id: student.id, Reason: 'Ticket 42' }, as(admin));
    return { viewer: { site: student.site.name, token: answer.data.Token }, entry: answer.data.Entry };
  }

  const log = (who: Person, userId: number | null = null) =>
    server.call('view_as.php', 'get_view_as_log', { UserId: userId }, as(who));

  const sessionOf = (entryId: number) =>
    server.db
      .selectFrom('view_as_log')
      .innerJoin('sessions', 'sessions.id', 'view_as_log.session_id')
      .select(['sessions.user_id', 'sessions.viewer_user_id', 'sessions.expires_at', 'sessions.revoked_at'])
      .where('view_as_log.id', '=', entryId)
      .executeTakeFirstOrThrow();

  it('is for administrators on students of their own site, for a reason; others are refused and nothing is made', async () => {
    const { site, admin, coach, student } = await school();
    const otherAdmin = await createPerson(server, site, 'admin');
    const elsewhere = await createSite(server.db);
    const foreignAdmin = await createPerson(server, elsewhere, 'admin');
    const before = await snapshotRows(server);

    const refusals: [string, Awaited<ReturnType<typeof start>>, number, string][] = [
      ['a coach', await start(coach, student.id), 403, 'FORBIDDEN'],
      ['a student', await start(student, student.id), 403, 'FORBIDDEN'],
      ['an admin on a coach', await start(admin, coach.id), 403, 'FORBIDDEN'],
      ['an admin on an admin', await start(admin, otherAdmin.id), 403, 'FORBIDDEN'],
      ['an admin on herself', await start(admin, admin.id), 403, 'FORBIDDEN'],
      ['another site’s admin', await start(foreignAdmin, student.id), 404, 'NOT_FOUND'],
      [
        'another site’s token',
        await server.call(
          'view_as.php',
          'start_view_as',
          { Id: student.id, Reason: 'x' },
          { site: site.name, token: foreignAdmin.token },
        ),
        401,
        'UNAUTHORIZED',
      ],
      [
        'signed out',
        await server.call('view_as.php', 'start_view_as', { Id: student.id, Reason: 'x' }, { site: site.name }),
        401,
        'UNAUTHORIZED',
      ],
    ];
    for (const [who, answer, status, code] of refusals) {
      expect([who, answer.httpStatus, answer.body.error_code]).toEqual([who, status, code]);
    }
    expect((await start(coach, student.id)).body.message).toBe('No access to this call');
    expect((await start(admin, coach.id)).body.message).toBe(
      'Only administrators may view as a user, and only as a student',
    );

    // No reason (missing, empty, blanks) is refused with the field named; a reason too long too.
    for (const Reason of [undefined, '', '   ']) {
      const answer = await server.callRaw('view_as.php', 'start_view_as', { Id: student.id, Reason }, as(admin));
      expect([answer.httpStatus, answer.body.error_code]).toEqual([400, 'INVALID_REQUEST']);
      expect(answer.body.fields[0].field).toBe('data.Reason');
    }
    const empty = await start(admin, student.id, ' ');
    expect(empty.body.fields?.[0]?.message).toBe('Give a reason for viewing as this user');
    const long = await start(admin, student.id, 'x'.repeat(501));
    expect(long.body.error_code).toBe('INVALID_REQUEST');
    expect(await snapshotRows(server)).toEqual(before);
  });

  it('is a session of the student for 30 minutes that reads as her, logged with its reason and in her history', async () => {
    const { admin, student } = await school();
    const startedAt = Date.now();
    const { viewer, entry } = await viewAs(admin, student);
    expect(entry).toMatchObject({
      UserId: student.id,
      UserName: 'Stina Student',
      ViewerId: admin.id,
      ViewerName: 'Ada Admin',
      Reason: 'Ticket 42',
      EndedAt: null,
      EndedHow: null,
    });
    const minutes = (Date.parse(entry.ExpiresAt) - startedAt) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThanOrEqual(30.1);
    const session = await sessionOf(entry.Id);
    expect([session.user_id, session.viewer_user_id]).toEqual([student.id, admin.id]);

    // She is the student to the site's calls, and her own and the administrator's sessions stay as they were.
    const me = await server.ok('auth.php', 'auth_user', { access: {} }, viewer);
    expect([me.data.Id, me.data.FirstName]).toEqual([student.id, 'Stina']);
    expect((await server.ok('auth.php', 'auth_user', { access: {} }, as(student))).data.Id).toBe(student.id);
    expect((await server.ok('auth.php', 'auth_user', { access: {} }, as(admin))).data.Id).toBe(admin.id);
    // The student's staff calls are as closed to it as to her.
    const staffCall = await server.call('users.php', 'get_user', { Id: student.id }, viewer);
    expect(staffCall.body.error_code).toBe('FORBIDDEN');

    // Her history says who viewed her and why; her page lists her own sessions, not the view-as one.
    const page = await server.ok('users.php', 'get_user', { Id: student.id }, as(admin));
    expect(page.data.History[0]).toMatchObject({
      Action: 'viewed_as',
      ActorId: admin.id,
      Details: { Reason: 'Ticket 42' },
    });
    expect(page.data.Sessions).toHaveLength(1);
  });

  it('refuses every writing call of the view-as session with a clear error, and writes nothing as her on reading', async () => {
    const { site, admin, coach, student } = await school();
    const course = await createCourse(server.db, { site, parts: [{ name: 'One' }] });
    await grantAccess(server.db, { site, course, user: student });
    const sent = await server.ok(
      'messages.php',
      'submit_message',
      { FromUserId: coach.id, UserId: student.id, Message: 'Welcome!' },
      as(coach),
    );
    const messageId = sent.createMessageResult.data.Id;
    const { viewer } = await viewAs(admin, student);
    const before = await snapshotRows(server);
    const studentBefore = await server.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();

    const writes: [string, () => Promise<{ httpStatus: number; body: { error_code?: string; message?: string } }>][] = [
      [
        'update_profile',
        () =>
          server.call(
            'profile.php',
            'update_profile',
            { UserId: student.id, FirstName: 'Hacked', LastName: 'Name', CollectXp: false },
            viewer,
          ),
      ],
      [
        'submit_message',
        () =>
          server.call(
            'messages.php',
            'submit_message',
            { FromUserId: student.id, UserId: coach.id, Message: 'Sent as her' },
            viewer,
          ),
      ],
      [
        'mark_messages_as_opened',
        () => server.call('messages.php', 'mark_messages_as_opened', [{ Id: messageId }], viewer),
      ],
      [
        'updateCourseProgressVideoPlay',
        () =>
          server.call(
            'course_progress.php',
            'updateCourseProgressVideoPlay',
            { UserId: student.id, CourseId: course.id, CoursePartId: course.partIds[0] as number },
            viewer,
          ),
      ],
      ['redeem_code', () => server.call('codes.php', 'redeem_code', { Code: 'ABCD-EFGH-JKLM' }, viewer)],
      [
        'change_password',
        () =>
          server.call(
            'password.php',
            'change_password',
            {
              current_password: 'whatever',
              password: 'A new long passphrase 1',
              password_repeat: 'A new long passphrase 1',
            },
            viewer,
          ),
      ],
      ['set_language', () => server.call('profile.php', 'set_language', { Language: 'sv' }, viewer)],
      ['sign_out', () => server.call('login.php', 'sign_out', {}, viewer)],
    ];
    for (const [name, make] of writes) {
      const answer = await make();
      expect([name, answer.httpStatus, answer.body.error_code]).toEqual([name, 403, 'VIEW_AS_READ_ONLY']);
      expect(answer.body.message).toBe('Viewing as this user is read-only: nothing was changed');
    }
    const uploaded = await server.upload(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { ...viewer, folder: 'profile' });
    expect([uploaded.httpStatus, uploaded.body.error_code]).toEqual([403, 'VIEW_AS_READ_ONLY']);

    // The calls her pages make read as her, and write nothing: not her presence, not her messages as opened.
    await server.ok('auth.php', 'auth_user', { access: { CourseId: course.id } }, viewer);
    await server.ok('course.php', 'get_my_courses', { UserId: student.id }, viewer);
    await server.ok('course.php', 'get_course', { UserId: student.id, CourseId: course.id }, viewer);
    await server.ok('profile.php', 'get_profile', { UserId: student.id }, viewer);
    await server.ok('certificates.php', 'get_certificates', { UserId: student.id }, viewer);
    await server.ok('achievements.php', 'get_achievements', { UserId: student.id }, viewer);
    await server.ok('news.php', 'get_latest_news', { user_id: student.id }, viewer);
    const inbox = await server.ok('messages.php', 'get_messages', { UserId: student.id, page: 1, limit: 25 }, viewer);
    expect(inbox.data.map((m) => m.Id)).toContain(messageId);

    expect(await snapshotRows(server)).toEqual(before);
    const studentAfter = await server.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(studentAfter).toEqual(studentBefore);
    expect(studentAfter.last_seen_at).toBeNull();
    const message = await server.db
      .selectFrom('messages')
      .select('showed_at')
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(message.showed_at).toBeNull();
    // Her own session writes as ever.
    await server.ok('messages.php', 'get_messages', { UserId: student.id, page: 1, limit: 25 }, as(student));
    const seen = await server.db
      .selectFrom('users')
      .select('last_seen_at')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(seen.last_seen_at).not.toBeNull();
  });

  it('ends by the end call, after 30 minutes, and when the administrator signs out; each end is logged', async () => {
    const { admin, student } = await school();

    // The end call: the view-as token is dead at once; the administrator's own session lives on.
    const first = await viewAs(admin, student);
    const ended = await server.ok('view_as.php', 'end_view_as', { Id: first.entry.Id }, as(admin));
    expect(ended.data.EndedHow).toBe('ended');
    expect(ended.data.EndedAt).not.toBeNull();
    const dead = await server.call('auth.php', 'auth_user', { access: {} }, first.viewer);
    expect([dead.httpStatus, dead.body.error_code]).toEqual([401, 'UNAUTHORIZED']);
    expect((await server.ok('auth.php', 'auth_user', { access: {} }, as(admin))).data.Id).toBe(admin.id);
    // Ending it again changes nothing.
    const again = await server.ok('view_as.php', 'end_view_as', { Id: first.entry.Id }, as(admin));
    expect(again.data.EndedAt).toBe(ended.data.EndedAt);

    // 30 minutes on (its expiry moved into the past): refused, and logged as expired at its expiry.
    const second = await viewAs(admin, student);
    const past = new Date(Date.now() - 60_000).toISOString();
    const began = new Date(Date.now() - 31 * 60_000).toISOString();
    const { session_id } = await server.db
      .selectFrom('view_as_log')
      .select('session_id')
      .where('id', '=', second.entry.Id)
      .executeTakeFirstOrThrow();
    await server.db.updateTable('sessions').set({ expires_at: past }).where('id', '=', session_id).execute();
    await server.db
      .updateTable('view_as_log')
      .set({ started_at: began, expires_at: past })
      .where('id', '=', second.entry.Id)
      .execute();
    const expired = await server.call('course.php', 'get_my_courses', { UserId: student.id }, second.viewer);
    expect([expired.httpStatus, expired.body.error_code]).toEqual([401, 'UNAUTHORIZED']);

    // Signing out (her own session) ends the view-as she has open.
    const third = await viewAs(admin, student);
    await server.ok('login.php', 'sign_out', {}, as(admin));
    const afterSignOut = await server.call('auth.php', 'auth_user', { access: {} }, third.viewer);
    expect(afterSignOut.body.error_code).toBe('UNAUTHORIZED');
    expect((await sessionOf(third.entry.Id)).revoked_at).not.toBeNull();

    // Her sessions ended by someone else end it too.
    const otherAdmin = await createPerson(server, admin.site, 'admin', { firstName: 'Bea', lastName: 'Boss' });
    const fourth = await viewAs(otherAdmin, student);
    await server.ok('users.php', 'end_user_sessions', { Id: student.id }, as(otherAdmin));

    const entries = (await server.ok('view_as.php', 'get_view_as_log', { UserId: student.id }, as(otherAdmin))).data;
    expect(entries.map((e) => [e.Id, e.ViewerName, e.Reason, e.EndedHow])).toEqual([
      [fourth.entry.Id, 'Bea Boss', 'Ticket 42', 'revoked'],
      [third.entry.Id, 'Ada Admin', 'Ticket 42', 'signed_out'],
      [second.entry.Id, 'Ada Admin', 'Ticket 42', 'expired'],
      [first.entry.Id, 'Ada Admin', 'Ticket 42', 'ended'],
    ]);
    expect(entries[2]?.EndedAt).toBe(past);
    for (const e of entries) {
      expect(e.UserId).toBe(student.id);
      expect(Date.parse(e.StartedAt)).toBeLessThanOrEqual(Date.parse(e.EndedAt ?? ''));
    }
  });

  it('is ended only by the administrator who started it', async () => {
    const { site, admin, student } = await school();
    const otherAdmin = await createPerson(server, site, 'admin');
    const { viewer, entry } = await viewAs(admin, student);
    const refused = await server.call('view_as.php', 'end_view_as', { Id: entry.Id }, as(otherAdmin));
    expect([refused.httpStatus, refused.body.error_code]).toEqual([403, 'FORBIDDEN']);
    const elsewhere = await createPerson(server, await createSite(server.db), 'admin');
    const foreign = await server.call('view_as.php', 'end_view_as', { Id: entry.Id }, as(elsewhere));
    expect(foreign.body.error_code).toBe('NOT_FOUND');
    // The view-as session itself cannot end it (nor anything else): it is the student's, and read-only.
    const bySelf = await server.call('view_as.php', 'end_view_as', { Id: entry.Id }, viewer);
    expect(bySelf.body.error_code).toBe('FORBIDDEN');
    expect((await server.ok('auth.php', 'auth_user', { access: {} }, viewer)).data.Id).toBe(student.id);
  });

  it('shows its log to administrators and nobody else, a page at a time, of one user or of the site', async () => {
    const { site, admin, coach, student } = await school();
    const other = await createPerson(server, site, 'student', { firstName: 'Olle', lastName: 'Other' });
    const { viewer } = await viewAs(admin, student);
    await viewAs(admin, other);
    await viewAs(admin, student);

    for (const [who, options] of [
      ['coach', as(coach)],
      ['student', as(student)],
      ['view-as session', viewer],
    ] as const) {
      const answer = await server.call('view_as.php', 'get_view_as_log', {}, options);
      expect([who, answer.httpStatus, answer.body.error_code]).toEqual([who, 403, 'FORBIDDEN']);
    }
    const elsewhere = await createPerson(server, await createSite(server.db), 'admin');
    expect((await log(elsewhere)).body.data).toEqual([]);

    const all = await log(admin);
    expect(all.body.data?.map((e) => e.UserName)).toEqual(['Stina Student', 'Olle Other', 'Stina Student']);
    expect(all.body.pagination).toEqual({ page: 1, total_pages: 1, total: 3 });
    const hers = await log(admin, student.id);
    expect(hers.body.pagination?.total).toBe(2);
    const paged = await server.ok('view_as.php', 'get_view_as_log', { Page: 2, Limit: 2 }, as(admin));
    expect([paged.data.length, paged.pagination]).toEqual([1, { page: 2, total_pages: 2, total: 3 }]);
    expect(paged.data[0]?.UserName).toBe('Stina Student');
  });
});
