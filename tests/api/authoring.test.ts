import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Db } from '../../src/server/platform/db';
import { DEFAULT_EDIT_INACTIVITY_MINUTES } from '../../src/shared/domain/authoring/lock';
import { type CrashDatabase, createCrashDatabase } from '../crash/support/databases';
import { createSite, createUser, signInAs } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { api } from '../support/api';
import { isPostgresReachable, testDialects } from '../support/databases';
import { whileRowLocked } from '../support/locks';
import { type ServerProcess, sourceServerArgs, startServerProcess } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();
const MINUTE = 60_000;

describe.each(dialects)('course authoring on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A site with a three-part course and two staff editors (an admin and a coach) and a student with access. */
  async function world() {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, {
      site,
      parts: [{ name: 'One' }, { name: 'Two' }, { name: 'Three' }],
    });
    const admin = await createPerson(server, site, 'admin', { firstName: 'Ada', lastName: 'Admin' });
    const coach = await createPerson(server, site, 'coach', { firstName: 'Cole', lastName: 'Coach' });
    const student = await createPerson(server, site, 'student');
    await grantAccess(server.db, { site, course, user: student });
    return { site, course, admin, coach, student };
  }

  const lock = (who: Person, courseId: number) =>
    server.call('course_lock.php', 'lock_course_for_editing', { CourseId: courseId, CoursePartId: 0 }, as(who));
  /** `who` opens the course for editing (takes its lock) and gets the version her first save names. */
  const startEditing = async (who: Person, courseId: number) =>
    (await server.ok('course_lock.php', 'lock_course_for_editing', { CourseId: courseId }, as(who))).Version;
  const renamePart = (who: Person, courseId: number, partId: number, name: string, version: number) =>
    server.call(
      'course_admin.php',
      'rename_course_part',
      { CourseId: courseId, CoursePartId: partId, Name: name, Version: version },
      as(who),
    );
  const close = (who: Person, courseId: number) =>
    server.call('course_lock.php', 'close_course_for_editing', { CourseId: courseId }, as(who));
  const getCourse = async (who: Person, courseId: number) =>
    (await server.ok('course.php', 'get_course', { UserId: who.id, CourseId: courseId }, as(who))).data[0];
  const partsOf = (courseId: number) =>
    server.db
      .selectFrom('course_parts')
      .select(['id', 'name', 'sort_id'])
      .where('course_id', '=', courseId)
      .orderBy('sort_id')
      .execute();

  it('two staff asking at the same instant get exactly one lock; the other is told who holds it', async () => {
    const { course, admin, coach, student } = await world();
    // On PostgreSQL both requests wait on the course's row and then run at once: a check-then-write would grant both.
    const answers = await whileRowLocked(server, { table: 'courses', id: course.id }, () =>
      Promise.all([lock(admin, course.id), lock(coach, course.id)]),
    );
    const won = answers.filter((a) => a.body.status === 'OK');
    const lost = answers.filter((a) => a.body.status !== 'OK');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const holder = won[0]?.body.LockedByUserId === admin.id ? admin : coach;
    const holderName = holder === admin ? 'Ada Admin' : 'Cole Coach';
    expect(won[0]?.body).toMatchObject({ LockedByUserId: holder.id, LockedByUsername: holderName, Version: 1 });
    expect(lost[0]?.httpStatus).toBe(409);
    expect(lost[0]?.body).toMatchObject({
      error_code: 'COURSE_LOCKED',
      LockedByUserId: holder.id,
      LockedByUsername: holderName,
    });
    // get_course tells every viewer who edits; asking again renews the holder's lock.
    expect(await getCourse(student, course.id)).toMatchObject({
      LockedByUserId: holder.id,
      LockedByUsername: holderName,
    });
    expect((await lock(holder, course.id)).body.status).toBe('OK');
  });

  it('closing releases the lock, and only the holder can close it', async () => {
    const { course, admin, coach } = await world();
    await startEditing(admin, course.id);
    await server.ok('course_lock.php', 'close_course_for_editing', { CourseId: course.id }, as(coach));
    expect((await lock(coach, course.id)).body.error_code).toBe('COURSE_LOCKED');
    expect((await close(admin, course.id)).body.status).toBe('OK');
    expect(await getCourse(admin, course.id)).toMatchObject({ LockedByUserId: null, LockedByUsername: null });
    expect((await lock(coach, course.id)).body.LockedByUserId).toBe(coach.id);
  });

  /**
   * With the clock under the test's control: `admin` edits just before the limit (which renews the lock for a full
   * limit), then goes quiet; the lock holds until the limit has passed since that edit, and not a minute longer.
   */
  async function lapseAfter(limit: number, people: Awaited<ReturnType<typeof world>>) {
    const { course, admin, coach } = people;
    const partId = course.partIds[0] ?? 0;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const Version = await startEditing(admin, course.id);
    vi.advanceTimersByTime((limit - 1) * MINUTE);
    const renamed = await renamePart(admin, course.id, partId, 'Renamed', Version);
    expect(renamed.body.Version).toBe(Version + 1);
    vi.advanceTimersByTime((limit - 1) * MINUTE);
    expect((await lock(coach, course.id)).body.error_code).toBe('COURSE_LOCKED');
    expect(await getCourse(coach, course.id)).toMatchObject({ LockedByUserId: admin.id });
    vi.advanceTimersByTime(2 * MINUTE);
    expect(await getCourse(coach, course.id)).toMatchObject({ LockedByUserId: null });
    // The vanished holder's next save is refused; the coach takes the lock.
    expect((await renamePart(admin, course.id, partId, 'Too late', Version + 1)).body.error_code).toBe('NOT_EDITING');
    expect((await lock(coach, course.id)).body.LockedByUserId).toBe(coach.id);
    expect((await partsOf(course.id))[0]?.name).toBe('Renamed');
  }

  it('a lock lapses after the inactivity limit without an edit, and each edit renews it', async () => {
    const people = await world();
    const { course, admin } = people;
    expect((await lock(admin, course.id)).body.InactivityMinutes).toBe(DEFAULT_EDIT_INACTIVITY_MINUTES);
    await close(admin, course.id);
    await lapseAfter(DEFAULT_EDIT_INACTIVITY_MINUTES, people);
  });

  it("the course's own inactivity limit (its settings) is the lock's, and the lock answer names it", async () => {
    const people = await world();
    const { course, admin } = people;
    const { data } = await server.ok('course_manager.php', 'get_course_settings', { CourseId: course.id }, as(admin));
    await server.ok(
      'course_manager.php',
      'save_course_settings',
      { CourseId: course.id, Settings: { ...data, InactivityMinutes: 45 } },
      as(admin),
    );
    const answer = await lock(admin, course.id);
    expect(answer.body).toMatchObject({ status: 'OK', InactivityMinutes: 45 });
    expect(Date.parse(answer.body.LockExpiresAt) - Date.now()).toBeGreaterThan(44 * MINUTE);
    await close(admin, course.id);
    await lapseAfter(45, people);
  });

  it('a save made on an older version is refused and changes nothing', async () => {
    const { course, admin } = await world();
    const Version = await startEditing(admin, course.id);
    const first = await renamePart(admin, course.id, course.partIds[1] ?? 0, 'Second, renamed', Version);
    expect(first.body.Version).toBe(Version + 1);
    const before = await partsOf(course.id);
    const stale = await server.call(
      'course_admin.php',
      'save_sorted_course_parts',
      { CourseId: course.id, SortedItems: [...course.partIds].reverse(), Version },
      as(admin),
    );
    expect(stale.httpStatus).toBe(409);
    expect(stale.body).toMatchObject({
      error_code: 'STALE_VERSION',
      Version: Version + 1,
      ChangedByUserId: admin.id,
      ChangedByUsername: 'Ada Admin',
    });
    expect(await partsOf(course.id)).toEqual(before);
    const version = await server.db
      .selectFrom('courses')
      .select('version')
      .where('id', '=', course.id)
      .executeTakeFirst();
    expect(version?.version).toBe(Version + 1);
  });

  it('only the lock holder writes', async () => {
    const { course, admin, coach } = await world();
    const rename = (who: Person) => renamePart(who, course.id, course.partIds[0] ?? 0, 'Mine', 1);
    expect((await rename(admin)).body.error_code).toBe('NOT_EDITING');
    await startEditing(admin, course.id);
    const refused = await rename(coach);
    expect(refused.body).toMatchObject({ error_code: 'COURSE_LOCKED', LockedByUserId: admin.id });
    expect((await partsOf(course.id))[0]?.name).toBe('One');
  });

  it('add_course_part answers the new draft part, and sorting numbers the parts from 1', async () => {
    const { course, coach } = await world();
    const Version = await startEditing(coach, course.id);
    const added = await server.ok(
      'course_admin.php',
      'add_course_part',
      { Id: course.id, UserId: coach.id, SortNr: 2, PostType: 2, Shareable: 0, Free: 1, Version },
      as(coach),
    );
    expect(Object.keys(added.data).sort()).toEqual(['Id', 'Name', 'PublishDate', 'Published']);
    expect(added.data).toMatchObject({ Name: 'New page', Published: false, PublishDate: null });
    expect(added.Version).toBe(Version + 1);
    const [one, two, three] = course.partIds as [number, number, number];
    expect((await partsOf(course.id)).map((p) => [p.id, p.sort_id])).toEqual([
      [one, 1],
      [added.data.Id, 2],
      [two, 3],
      [three, 4],
    ]);

    const order = [three, added.data.Id, one, two];
    const sorted = await server.ok(
      'course_admin.php',
      'save_sorted_course_parts',
      { CourseId: course.id, SortedItems: order, Version: added.Version },
      as(coach),
    );
    expect((await partsOf(course.id)).map((p) => [p.id, p.sort_id])).toEqual(order.map((id, i) => [id, i + 1]));

    const updated = await server.ok(
      'course_admin.php',
      'update_course_part',
      {
        CourseId: course.id,
        CoursePartId: added.data.Id,
        Version: sorted.Version,
        Published: true,
        PublishDate: '2030-01-02T03:04:05.000Z',
        MentorOnly: true,
        PostType: 4,
        ProgressCriteria: 'video',
        VideoLength: 95,
      },
      as(coach),
    );
    expect(updated.data).toMatchObject({
      Published: true,
      PublishDate: '2030-01-02T03:04:05.000Z',
      Free: true,
      MentorOnly: true,
      PostType: 4,
      ProgressCriteria: 'video',
      VideoLength: 95,
    });
    await server.ok(
      'course_admin.php',
      'delete_course_part',
      { CourseId: course.id, CoursePartId: three, Version: updated.Version },
      as(coach),
    );
    expect((await partsOf(course.id)).map((p) => [p.id, p.sort_id])).toEqual([
      [added.data.Id, 1],
      [one, 2],
      [two, 3],
    ]);
  });

  it('a sort that does not list every part once, and bad input, are refused without a change or a 500', async () => {
    const { course, admin } = await world();
    const Version = await startEditing(admin, course.id);
    const before = await partsOf(course.id);
    const [one, two] = course.partIds as [number, number];
    for (const SortedItems of [
      [one, two],
      [one, two, one],
      [one, two, 999_999],
    ]) {
      const answer = await server.call(
        'course_admin.php',
        'save_sorted_course_parts',
        { CourseId: course.id, SortedItems, Version },
        as(admin),
      );
      expect(answer.body.error_code).toBe('INVALID_REQUEST');
    }
    const bad: [string, string, unknown][] = [
      ['course_lock.php', 'lock_course_for_editing', { CourseId: 'x' }],
      ['course_lock.php', 'lock_course_for_editing', { CourseId: course.id, CoursePartId: 999_999 }],
      ['course_lock.php', 'lock_course_for_editing', { CourseId: 999_999 }],
      ['course_admin.php', 'add_course_part', { Id: course.id, UserId: admin.id, SortNr: 0, Version }],
      ['course_admin.php', 'add_course_part', { Id: course.id, UserId: admin.id, SortNr: 1, PostType: 5, Version }],
      ['course_admin.php', 'update_course_part', { CourseId: course.id, CoursePartId: one, Version, PostType: 0 }],
      [
        'course_admin.php',
        'update_course_part',
        { CourseId: course.id, CoursePartId: one, Version, PublishDate: 'soon' },
      ],
      ['course_admin.php', 'rename_course_part', { CourseId: course.id, CoursePartId: one, Version, Name: '  ' }],
      ['course_admin.php', 'rename_course_part', { CourseId: course.id, CoursePartId: 999_999, Version, Name: 'x' }],
      ['course_admin.php', 'delete_course_part', { CourseId: course.id, CoursePartId: 999_999, Version }],
      ['course_admin.php', 'save_sorted_course_parts', { CourseId: course.id, SortedItems: 'one', Version }],
    ];
    for (const [file, req, data] of bad) {
      const answer = await server.callRaw(file, req, data, as(admin));
      expect(answer.httpStatus, `${req} ${JSON.stringify(data)}`).toBeGreaterThanOrEqual(400);
      expect(answer.httpStatus, `${req} ${JSON.stringify(data)}`).toBeLessThan(500);
    }
    expect(await partsOf(course.id)).toEqual(before);
    // A refused write leaves the version where it was: the next write on it goes through.
    expect((await renamePart(admin, course.id, one, 'Still on version', Version)).body.status).toBe('OK');
  });

  it('a student is refused every authoring call, and a course of another site is not found', async () => {
    const { site, course, admin, student } = await world();
    await startEditing(admin, course.id);
    const partId = course.partIds[0] ?? 0;
    const calls: [string, string, unknown][] = [
      ['course_lock.php', 'lock_course_for_editing', { CourseId: course.id }],
      ['course_lock.php', 'close_course_for_editing', { CourseId: course.id }],
      ['course_admin.php', 'add_course_part', { Id: course.id, UserId: student.id, SortNr: 1, Version: 1 }],
      [
        'course_admin.php',
        'save_sorted_course_parts',
        { CourseId: course.id, SortedItems: course.partIds, Version: 1 },
      ],
      ['course_admin.php', 'rename_course_part', { CourseId: course.id, CoursePartId: partId, Name: 'x', Version: 1 }],
      ['course_admin.php', 'delete_course_part', { CourseId: course.id, CoursePartId: partId, Version: 1 }],
      ['course_admin.php', 'update_course_part', { CourseId: course.id, CoursePartId: partId, Version: 1 }],
    ];
    for (const [file, req, data] of calls) {
      const answer = await server.callRaw(file, req, data, as(student));
      expect(answer.httpStatus, req).toBe(403);
      expect(answer.body.error_code, req).toBe('FORBIDDEN');
    }
    expect(await partsOf(course.id)).toHaveLength(3);

    const elsewhere = await createSite(server.db);
    const stranger = await createPerson(server, elsewhere, 'admin');
    expect((await lock(stranger, course.id)).body.error_code).toBe('NOT_FOUND');
    expect(site.id).not.toBe(elsewhere.id);
  });
});

// Two real server processes on one PostgreSQL: the lock is in the database, not in a process.
describe.runIf(await isPostgresReachable())('the edit lock across two server processes on PostgreSQL', () => {
  let database: CrashDatabase;
  let first: ServerProcess;
  let second: ServerProcess;
  let db: Db;
  beforeAll(async () => {
    database = await createCrashDatabase('postgres');
    first = await startServerProcess({ args: sourceServerArgs(), env: database.env });
    second = await startServerProcess({ args: sourceServerArgs(), env: database.env });
    db = createDatabase({ url: database.url });
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });

  it('two staff asking through different processes at once get one lock; closing through one frees it on both', async () => {
    const site = await createSite(db);
    const course = await createCourse(db, { site });
    const [ada, cole] = await Promise.all([
      createUser(db, { site, role: 'admin', firstName: 'Ada', lastName: 'Admin' }),
      createUser(db, { site, role: 'coach', firstName: 'Cole', lastName: 'Coach' }),
    ]);
    const viaFirst = api(first.url);
    const viaSecond = api(second.url);
    const adaToken = await signInAs(viaFirst, site, ada);
    const coleToken = await signInAs(viaSecond, site, cole);
    const data = { CourseId: course.id };
    const answers = await Promise.all([
      viaFirst.call('course_lock.php', 'lock_course_for_editing', data, { site: site.name, token: adaToken }),
      viaSecond.call('course_lock.php', 'lock_course_for_editing', data, { site: site.name, token: coleToken }),
    ]);
    const won = answers.filter((a) => a.body.status === 'OK');
    expect(won).toHaveLength(1);
    const holderId = won[0]?.body.LockedByUserId;
    const [holder, other] = holderId === ada.id ? [ada, cole] : [cole, ada];
    const loser = answers.find((a) => a.body.status !== 'OK');
    expect(loser?.body).toMatchObject({ error_code: 'COURSE_LOCKED', LockedByUserId: holder.id });

    // The holder closes through the process the other one used; the other then takes it through the other process.
    const holderToken = holder === ada ? adaToken : coleToken;
    const otherToken = holder === ada ? coleToken : adaToken;
    const [holderVia, otherVia] = holder === ada ? [viaSecond, viaFirst] : [viaFirst, viaSecond];
    await holderVia.ok('course_lock.php', 'close_course_for_editing', data, { site: site.name, token: holderToken });
    const taken = await otherVia.ok('course_lock.php', 'lock_course_for_editing', data, {
      site: site.name,
      token: otherToken,
    });
    expect(taken.LockedByUserId).toBe(other.id);
  });
});
