import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EDIT_INACTIVITY_MINUTES } from '../../src/shared/domain/authoring/lock';
import { createSite } from '../factories';
import { addCoach, as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('course_manager.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A call of course_manager.php; its answer loosely typed, as the tests send wrong data on purpose too. */
  const manage = async (person: Person, req: string, data: Record<string, unknown>) =>
    // biome-ignore lint/suspicious/noExplicitAny: the tests send wrong data on purpose and read any answer
    (await server.call('course_manager.php', req as any, data as any, as(person))) as { httpStatus: number; body: any };

  async function staffSite() {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    return { site, admin };
  }

  const settingsOf = async (person: Person, courseId: number) => {
    const { body } = await manage(person, 'get_course_settings', { CourseId: courseId });
    return body.data;
  };

  it('lists the courses of the site with status, parts, learners and archived', async () => {
    const { site, admin } = await staffSite();
    const student = await createPerson(server, site, 'student');
    const course = await createCourse(server.db, { site, name: 'Guitar', parts: [{}, {}, {}] });
    await grantAccess(server.db, { site, course, user: student });
    await createCourse(server.db, { site, name: 'Hidden', published: false });

    const { httpStatus, body } = await manage(admin, 'get_courses', {});
    expect(httpStatus).toBe(200);
    expect(body.data).toEqual([
      {
        Id: course.id,
        Name: 'Guitar',
        Status: 'published',
        Parts: 3,
        Learners: 1,
        Archived: false,
        LockedByUserId: null,
        LockedByUsername: null,
      },
      expect.objectContaining({ Name: 'Hidden', Status: 'unpublished', Parts: 1, Learners: 0 }),
    ]);
  });

  it('shows who edits each course until the lock lapses', async () => {
    const { site, admin } = await staffSite();
    const coach = await createPerson(server, site, 'coach', { firstName: 'Cole', lastName: 'Coach' });
    const edited = await createCourse(server.db, { site, name: 'Edited' });
    const quiet = await createCourse(server.db, { site, name: 'Quiet' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await server.ok('course_lock.php', 'lock_course_for_editing', { CourseId: edited.id }, as(coach));
    const holders = async () =>
      (await manage(admin, 'get_courses', {})).body.data.map(
        (c: { Id: number; LockedByUserId: number | null; LockedByUsername: string | null }) => [
          c.Id,
          c.LockedByUserId,
          c.LockedByUsername,
        ],
      );
    expect(await holders()).toEqual([
      [edited.id, coach.id, 'Cole Coach'],
      [quiet.id, null, null],
    ]);
    vi.advanceTimersByTime((DEFAULT_EDIT_INACTIVITY_MINUTES + 1) * 60_000);
    expect(await holders()).toEqual([
      [edited.id, null, null],
      [quiet.id, null, null],
    ]);
  });

  it('every change to what get_course shows moves the course to its next version; an editor on the old one is refused', async () => {
    const { site, admin } = await staffSite();
    const coach = await createPerson(server, site, 'coach');
    const course = await createCourse(server.db, { site });
    const version = async () =>
      server.db
        .selectFrom('courses')
        .select(['version', 'version_user_id'])
        .where('id', '=', course.id)
        .executeTakeFirstOrThrow();
    expect(await version()).toEqual({ version: 1, version_user_id: null });

    const { Version } = await server.ok(
      'course_lock.php',
      'lock_course_for_editing',
      { CourseId: course.id },
      as(coach),
    );
    expect(Version).toBe(1);
    await manage(admin, 'rename_course', { CourseId: course.id, Name: 'Renamed' });
    expect(await version()).toEqual({ version: 2, version_user_id: admin.id });
    const settings = await settingsOf(admin, course.id);
    await manage(admin, 'save_course_settings', { CourseId: course.id, Settings: { ...settings, XpPerReward: 6 } });
    expect((await version()).version).toBe(3);
    await manage(admin, 'archive_course', { CourseId: course.id });
    expect((await version()).version).toBe(4);
    await manage(admin, 'restore_course', { CourseId: course.id });
    expect((await version()).version).toBe(5);
    await server.ok('course.php', 'addFooterCoachText', { CourseId: course.id, UserId: coach.id }, as(coach));
    expect(await version()).toEqual({ version: 6, version_user_id: coach.id });

    // The editor who opened the course at version 1 sees who changed it rather than overwriting.
    const stale = await server.call(
      'course_admin.php',
      'rename_course_part',
      { CourseId: course.id, CoursePartId: course.partIds[0] ?? 0, Name: 'Mine', Version },
      as(coach),
    );
    expect(stale.body).toMatchObject({ error_code: 'STALE_VERSION', Version: 6, ChangedByUserId: coach.id });

    // A refused change (a name of spaces, another site's course) leaves the version alone.
    await manage(admin, 'rename_course', { CourseId: course.id, Name: '  ' });
    expect((await version()).version).toBe(6);

    // A copy is a new course at version 1 that nobody edits, though the original is held.
    const copy = (await manage(admin, 'duplicate_course', { CourseId: course.id })).body.data;
    expect(copy).toMatchObject({ LockedByUserId: null, LockedByUsername: null });
    const copied = await server.db
      .selectFrom('courses')
      .select(['version', 'version_user_id', 'version_at', 'locked_by_user_id', 'locked_at', 'lock_expires_at'])
      .where('id', '=', copy.Id)
      .executeTakeFirstOrThrow();
    expect(copied).toEqual({
      version: 1,
      version_user_id: null,
      version_at: null,
      locked_by_user_id: null,
      locked_at: null,
      lock_expires_at: null,
    });
  });

  it('creates an empty draft course and renames it; a coach may too', async () => {
    const { site } = await staffSite();
    const coach = await createPerson(server, site, 'coach');
    const created = await manage(coach, 'create_course', { Name: '  Piano  ' });
    expect(created.body.data).toEqual(
      expect.objectContaining({ Name: 'Piano', Status: 'draft', Parts: 0, Learners: 0, Archived: false }),
    );
    const renamed = await manage(coach, 'rename_course', { CourseId: created.body.data.Id, Name: 'Piano 1' });
    expect(renamed.body.data.Name).toBe('Piano 1');
    expect((await manage(coach, 'get_courses', {})).body.data.map((c: { Name: string }) => c.Name)).toEqual([
      'Piano 1',
    ]);
    const empty = await manage(coach, 'rename_course', { CourseId: created.body.data.Id, Name: '   ' });
    expect(empty.httpStatus).toBe(400);
  });

  it('duplicates content and settings, not learners nor progress', async () => {
    const { site, admin } = await staffSite();
    const student = await createPerson(server, site, 'student');
    const coach = await createPerson(server, site, 'coach');
    const course = await createCourse(server.db, {
      site,
      name: 'Drums',
      xpPerReward: 9,
      certificateMonths: 12,
      parts: [{ name: 'One', blocks: [{ type: 'Text' }, { type: 'Post', post: 1 }] }, { name: 'Two' }],
    });
    await grantAccess(server.db, { site, course, user: student });
    await addCoach(server.db, { site, course, user: coach });

    const { body } = await manage(admin, 'duplicate_course', { CourseId: course.id });
    expect(body.data).toEqual(
      expect.objectContaining({ Name: 'Drums (copy)', Status: 'draft', Parts: 2, Learners: 0, Archived: false }),
    );
    const copyId = body.data.Id as number;
    const settings = await settingsOf(admin, copyId);
    expect(settings).toEqual(
      expect.objectContaining({
        XpPerReward: 9,
        CertificateExpires: true,
        CertificateValidityMonths: 12,
        CoachIds: [coach.id],
      }),
    );
    const parts = await server.db
      .selectFrom('course_parts')
      .select(['id', 'name'])
      .where('course_id', '=', copyId)
      .orderBy('sort_id')
      .execute();
    expect(parts.map((p) => p.name)).toEqual(['One', 'Two']);
    const blocks = await server.db
      .selectFrom('course_blocks')
      .select(['block_type', 'post_id'])
      .where('course_part_id', '=', parts[0]?.id as number)
      .orderBy('sort_id')
      .execute();
    // The post block links to the copy's own part, not to the original's.
    expect(blocks).toEqual([
      { block_type: 'Text', post_id: null },
      { block_type: 'Post', post_id: parts[1]?.id },
    ]);
    const access = await server.db.selectFrom('course_access').select('id').where('course_id', '=', copyId).execute();
    expect(access).toEqual([]);
  });

  it('archives and restores a course; an archived course is closed to its learners', async () => {
    const { site, admin } = await staffSite();
    const student = await createPerson(server, site, 'student');
    const course = await createCourse(server.db, { site });
    await grantAccess(server.db, { site, course, user: student });
    const open = () =>
      server.call('course.php', 'get_course', { UserId: student.id, CourseId: course.id }, as(student));

    expect((await manage(admin, 'archive_course', { CourseId: course.id })).body.data.Archived).toBe(true);
    expect((await open()).body.error_code).toBe('NO_COURSE_ACCESS');
    const myCourses = await server.call('course.php', 'get_my_courses', { UserId: student.id }, as(student));
    expect(myCourses.body.data).toEqual([]);

    expect((await manage(admin, 'restore_course', { CourseId: course.id })).body.data.Archived).toBe(false);
    expect((await open()).httpStatus).toBe(200);
  });

  it('saves settings, and refuses enabled expiry without a validity period with the spec text', async () => {
    const { site, admin } = await staffSite();
    const coach = await createPerson(server, site, 'coach');
    const course = await createCourse(server.db, { site });
    const settings = await settingsOf(admin, course.id);
    expect(settings).toEqual(
      expect.objectContaining({ ProgressEvent: 1, XpPerReward: 5, CertificateExpires: false, InactivityMinutes: 30 }),
    );

    const refused = await manage(admin, 'save_course_settings', {
      CourseId: course.id,
      Settings: { ...settings, XpPerReward: 7, CertificateExpires: true, CertificateValidityMonths: null },
    });
    expect(refused.httpStatus).toBe(400);
    expect(refused.body.error_code).toBe('INVALID_REQUEST');
    expect(refused.body.fields).toEqual([
      { field: 'data.Settings.CertificateValidityMonths', message: 'Please select a validity period' },
    ]);
    expect((await settingsOf(admin, course.id)).XpPerReward).toBe(5);

    const wanted = {
      ...settings,
      Name: 'Bass',
      Status: 'published',
      ProgressEvent: 2,
      XpPerReward: 7,
      CertificateEnabled: true,
      CertificateExpires: true,
      CertificateValidityMonths: 24,
      CoachIds: [coach.id, admin.id],
      FooterCoachText: 'Ask Anna',
      UseCustomFooterText: true,
      InactivityMinutes: 45,
    };
    const saved = await manage(admin, 'save_course_settings', { CourseId: course.id, Settings: wanted });
    expect(saved.httpStatus).toBe(200);
    expect(saved.body.data).toEqual(wanted);
    expect(await settingsOf(admin, course.id)).toEqual(wanted);
  });

  it.each([
    ['xp per reward 0', { XpPerReward: 0 }],
    ['xp per reward 1.5', { XpPerReward: 1.5 }],
    ['inactivity limit 1 minute', { InactivityMinutes: 1 }],
    ['inactivity limit a day', { InactivityMinutes: 1440 }],
    ['progress event 3', { ProgressEvent: 3 }],
    ['a name of spaces', { Name: '   ' }],
  ])('refuses %s and changes nothing', async (_what, change) => {
    const { site, admin } = await staffSite();
    const course = await createCourse(server.db, { site });
    const settings = await settingsOf(admin, course.id);
    const { httpStatus, body } = await manage(admin, 'save_course_settings', {
      CourseId: course.id,
      Settings: { ...settings, ...change },
    });
    expect(httpStatus).toBe(400);
    expect(body.error_code).toBe('INVALID_REQUEST');
    expect(await settingsOf(admin, course.id)).toEqual(settings);
  });

  it('refuses a coach who is not staff of the site and changes nothing', async () => {
    const { site, admin } = await staffSite();
    const student = await createPerson(server, site, 'student');
    const course = await createCourse(server.db, { site });
    const settings = await settingsOf(admin, course.id);
    const { httpStatus } = await manage(admin, 'save_course_settings', {
      CourseId: course.id,
      Settings: { ...settings, XpPerReward: 8, CoachIds: [student.id] },
    });
    expect(httpStatus).toBe(400);
    expect(await settingsOf(admin, course.id)).toEqual(settings);
  });

  it('refuses a student every call', async () => {
    const { site } = await staffSite();
    const student = await createPerson(server, site, 'student');
    const course = await createCourse(server.db, { site });
    for (const [req, data] of [
      ['get_courses', {}],
      ['create_course', { Name: 'Mine' }],
      ['archive_course', { CourseId: course.id }],
      ['get_course_settings', { CourseId: course.id }],
    ] as const) {
      expect((await manage(student, req, data)).httpStatus).toBe(403);
    }
  });

  it("another site's courses are invisible and untouchable", async () => {
    const { admin } = await staffSite();
    const other = await createSite(server.db);
    const foreign = await createCourse(server.db, { site: other, name: 'Theirs' });
    expect((await manage(admin, 'get_courses', {})).body.data).toEqual([]);
    for (const req of ['rename_course', 'duplicate_course', 'archive_course', 'get_course_settings']) {
      const { httpStatus } = await manage(admin, req, { CourseId: foreign.id, Name: 'Mine' });
      expect(httpStatus).toBe(404);
    }
    const row = await server.db
      .selectFrom('courses')
      .selectAll()
      .where('id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(expect.objectContaining({ name: 'Theirs', archived_at: null }));
  });
});

describe.each(dialects)('course.php addFooterCoachText on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it("turns on the course's own footer coach text, which get_course then carries", async () => {
    const site = await createSite(server.db);
    const coach = await createPerson(server, site, 'coach');
    const course = await createCourse(server.db, { site });
    await server.db
      .updateTable('courses')
      .set({ footer_coach_text: 'Write to Anna' })
      .where('id', '=', course.id)
      .execute();
    const footer = async () =>
      (await server.call('course.php', 'get_course', { UserId: coach.id, CourseId: course.id }, as(coach))).body.data[0]
        ?.FooterMentorCopy;
    expect(await footer()).toEqual({ UseCustomText: false, Text: 'Write to Anna' });

    const { httpStatus, body } = await server.call(
      'course.php',
      'addFooterCoachText',
      { CourseId: course.id, UserId: coach.id },
      as(coach),
    );
    expect(httpStatus).toBe(200);
    expect(body).toEqual({ status: 'OK' });
    expect(await footer()).toEqual({ UseCustomText: true, Text: 'Write to Anna' });
  });

  it('refuses a student, another user id and another site', async () => {
    const site = await createSite(server.db);
    const coach = await createPerson(server, site, 'coach');
    const student = await createPerson(server, site, 'student');
    const course = await createCourse(server.db, { site });
    const foreign = await createCourse(server.db, { site: await createSite(server.db) });
    const add = (person: Person, courseId: number, userId: number) =>
      server.call('course.php', 'addFooterCoachText', { CourseId: courseId, UserId: userId }, as(person));
    expect((await add(student, course.id, student.id)).httpStatus).toBe(403);
    expect((await add(coach, course.id, student.id)).httpStatus).toBe(403);
    expect((await add(coach, foreign.id, coach.id)).httpStatus).toBe(404);
  });
});
