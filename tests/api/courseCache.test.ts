import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Db } from '../../src/server/platform/db';
import { type CrashDatabase, createCrashDatabase } from '../crash/support/databases';
import { createSite, createUser, signInAs } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, createMedia, grantAccess } from '../factories/courses';
import { blockOf, nth } from '../support/answers';
import { type Api, api } from '../support/api';
import { isPostgresReachable, testDialects } from '../support/databases';
import { type ServerProcess, sourceServerArgs, startServerProcess } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A row's creation and update times, now. */
const stamps = () => ({ created_at: new Date().toISOString(), updated_at: new Date().toISOString() });

type Part = { Name: string; Blocks: { BlockType: string; PostId: number | null }[] };

/**
 * get_course keeps each course's presented parts and blocks per process, under the course's version. What depends on
 * the moment is still decided per call: a part whose publish date comes shows from then on, and media links are
 * never handed out with less than 3 hours left.
 */
describe.each(dialects)('the kept course structure on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const getCourse = async (who: Person, courseId: number) =>
    nth((await server.ok('course.php', 'get_course', { UserId: who.id, CourseId: courseId }, as(who))).data);

  it('a part with a publish date appears at that moment, and the Post block to it with it, the cache warm', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const site = await createSite(server.db);
    const course = await createCourse(server.db, {
      site,
      parts: [
        {
          name: 'Now',
          blocks: [
            { type: 'Text', content: { html: '<p>Hi</p>' } },
            { type: 'Post', post: 'later' },
          ],
        },
        { name: 'Later', key: 'later', publishInDays: 1 / 24 },
      ],
    });
    const student = await createPerson(server, site);
    const coach = await createPerson(server, site, 'coach');
    await grantAccess(server.db, { site, course, user: student });

    const before = await getCourse(student, course.id);
    expect(before.CourseParts.map((p: Part) => p.Name)).toEqual(['Now']);
    expect(nth(before.CourseParts as Part[]).Blocks.map((b) => b.BlockType)).toEqual(['Text']);
    expect((await getCourse(coach, course.id)).CourseParts.map((p: Part) => p.Name)).toEqual(['Now', 'Later']);

    vi.advanceTimersByTime(59 * MINUTE);
    expect((await getCourse(student, course.id)).CourseParts).toHaveLength(1);
    vi.advanceTimersByTime(2 * MINUTE);
    let after: { CourseParts: Part[] } | undefined;
    const statements = await server.countStatements(async () => {
      after = await getCourse(student, course.id);
    });
    expect(after?.CourseParts.map((p) => p.Name)).toEqual(['Now', 'Later']);
    expect(nth(after?.CourseParts).Blocks).toMatchObject([
      { BlockType: 'Text' },
      { BlockType: 'Post', PostId: course.partIdOf.later },
    ]);
    // Nothing of the course's content was read again: the structure kept for its version answered.
    expect(statements.some((sql) => /from "course_blocks"/.test(sql) && !/block_results/.test(sql))).toBe(false);
  });

  it('media links are signed anew once the kept ones would last less than 3 hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const site = await createSite(server.db);
    const media = await createMedia(server.db, { config: server.config, site, kind: 'video', mimeType: 'video/webm' });
    const course = await createCourse(server.db, {
      site,
      parts: [{ blocks: [{ type: 'Video', content: { mediaId: media.id, durationSeconds: 3 } }] }],
    });
    const student = await createPerson(server, site);
    await grantAccess(server.db, { site, course, user: student });
    const urlNow = async () =>
      blockOf(nth((await getCourse(student, course.id)).CourseParts), 0, 'Video').Content.url ?? '';
    const expiryOf = (url: string) => Number(/e=(\d+)/.exec(url)?.[1]) * 1000;

    const first = await urlNow();
    expect(await urlNow()).toBe(first);
    for (let hours = 1; hours <= 7; hours++) {
      vi.advanceTimersByTime(HOUR);
      const url = await urlNow();
      expect(expiryOf(url) - Date.now()).toBeGreaterThanOrEqual(3 * HOUR);
      expect((await fetch(`${server.url}${url}`)).status).toBe(200);
    }
  });
});

/**
 * get_course also keeps each viewer's last answer, used again only while the row read for her on every call is the
 * same and time alone changes nothing in it: whatever changes (through the API, straight in the database, or by the
 * clock) shows on her next call.
 */
describe.each(dialects)('the kept answer of a viewer on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const getCourse = async (who: Person, courseId: number) =>
    nth((await server.ok('course.php', 'get_course', { UserId: who.id, CourseId: courseId }, as(who))).data);

  it('shows her progress, a coach renamed, a lock taken and a certificate, written anywhere, on the next call', async () => {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, { site, parts: [{ name: 'One' }, { name: 'Two' }] });
    const student = await createPerson(server, site);
    const coach = await createPerson(server, site, 'coach');
    await grantAccess(server.db, { site, course, user: student });
    await server.db
      .insertInto('course_coaches')
      .values({ site_id: site.id, course_id: course.id, user_id: coach.id, sort_id: 1, ...stamps() })
      .execute();
    const first = await getCourse(student, course.id);
    expect(await getCourse(student, course.id)).toEqual(first);
    expect(first.CourseParts.map((p: { Completed: boolean }) => p.Completed)).toEqual([false, false]);

    // What another process (or a script) writes straight in the database.
    await server.db
      .insertInto('part_progress')
      .values({
        site_id: site.id,
        course_id: course.id,
        course_part_id: nth(course.partIds, 1),
        user_id: student.id,
        video_play: 1,
        completed_at: new Date().toISOString(),
        milestone_completed_at: null,
        ...stamps(),
      })
      .execute();
    const progressed = await getCourse(student, course.id);
    expect(progressed.CourseParts.map((p: { Completed: boolean }) => p.Completed)).toEqual([false, true]);
    expect(nth(progressed.CourseParts as { VideoPlay: number }[], 1).VideoPlay).toBe(1);

    await server.db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', coach.id).execute();
    expect(nth((await getCourse(student, course.id)).Coaches as { FirstName: string }[]).FirstName).toBe('Renamed');

    const { Version } = await server.ok(
      'course_lock.php',
      'lock_course_for_editing',
      { CourseId: course.id },
      as(coach),
    );
    expect(Version).toBeGreaterThan(0);
    expect((await getCourse(student, course.id)).LockedByUserId).toBe(coach.id);

    await server.db
      .insertInto('certificates')
      .values({
        site_id: site.id,
        user_id: student.id,
        course_id: course.id,
        code: 'KEPT-1',
        issued_at: new Date().toISOString(),
        expires_at: null,
        ...stamps(),
      })
      .execute();
    expect((await getCourse(student, course.id)).Certificate).toMatchObject({ Code: 'KEPT-1', Expired: false });
  });

  it('a lock that lapses and a certificate that expires show so with nothing written', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const site = await createSite(server.db);
    const course = await createCourse(server.db, { site, parts: [{ name: 'One' }] });
    const student = await createPerson(server, site);
    const coach = await createPerson(server, site, 'coach');
    await grantAccess(server.db, { site, course, user: student });
    await server.db
      .insertInto('certificates')
      .values({
        site_id: site.id,
        user_id: student.id,
        course_id: course.id,
        code: 'KEPT-2',
        issued_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 2 * HOUR).toISOString(),
        ...stamps(),
      })
      .execute();
    await server.ok('course_lock.php', 'lock_course_for_editing', { CourseId: course.id }, as(coach));
    const locked = await getCourse(student, course.id);
    expect(locked).toMatchObject({ LockedByUserId: coach.id, Certificate: { Expired: false } });
    expect(await getCourse(student, course.id)).toEqual(locked);

    // The course's inactivity limit (30 minutes by default) passes without an edit: the lock lapses.
    vi.advanceTimersByTime(31 * MINUTE);
    expect(await getCourse(student, course.id)).toMatchObject({
      LockedByUserId: null,
      LockedByUsername: null,
      Certificate: { Expired: false },
    });
    vi.advanceTimersByTime(2 * HOUR);
    expect((await getCourse(student, course.id)).Certificate).toMatchObject({ Code: 'KEPT-2', Expired: true });
  });
});

describe.runIf(await isPostgresReachable())(
  'the kept course structure across two server processes on PostgreSQL',
  () => {
    let database: CrashDatabase;
    let first: ServerProcess;
    let second: ServerProcess;
    let db: Db;
    beforeAll(async () => {
      database = await createCrashDatabase('postgres');
      // One after the other: the first start seeds the demo.
      first = await startServerProcess({ args: sourceServerArgs(), env: database.env });
      second = await startServerProcess({ args: sourceServerArgs(), env: database.env });
      db = createDatabase({ url: database.url });
    }, 120_000);
    afterAll(async () => {
      await db?.destroy();
      await Promise.all([first?.stop(), second?.stop()]);
      await database?.drop();
    });

    it('a change made through one process is seen through the other on its next call', async () => {
      const site = await createSite(db);
      const course = await createCourse(db, {
        site,
        parts: [{ name: 'One' }, { name: 'Two' }, { name: 'Three', published: false }],
      });
      const [ada, student] = await Promise.all([
        createUser(db, { site, role: 'admin', firstName: 'Ada', lastName: 'Admin' }),
        createUser(db, { site }),
      ]);
      await grantAccess(db, { site, course, user: student });
      const viaFirst = api(first.url);
      const viaSecond = api(second.url);
      const adaToken = await signInAs(viaFirst, site, ada);
      const studentToken = await signInAs(viaSecond, site, student);
      const seen = async (via: Api, who: { id: number }, token: string) =>
        nth(
          (
            await via.ok(
              'course.php',
              'get_course',
              { UserId: who.id, CourseId: course.id },
              { site: site.name, token },
            )
          ).data,
        );
      const namesVia = async (via: Api) =>
        (await seen(via, student, studentToken)).CourseParts.map((p: Part) => p.Name);

      // Both processes have presented the course, for learners and for staff.
      for (const via of [viaFirst, viaSecond]) {
        expect(await namesVia(via)).toEqual(['One', 'Two']);
        expect((await seen(via, ada, adaToken)).CourseParts).toHaveLength(3);
      }

      const asAda = { site: site.name, token: adaToken };
      const { Version } = await viaFirst.ok(
        'course_lock.php',
        'lock_course_for_editing',
        { CourseId: course.id },
        asAda,
      );
      expect((await seen(viaSecond, student, studentToken)).LockedByUsername).toBe('Ada Admin');
      const renamed = await viaFirst.ok(
        'course_admin.php',
        'rename_course_part',
        { CourseId: course.id, CoursePartId: nth(course.partIds, 0), Name: 'First', Version },
        asAda,
      );
      expect(await namesVia(viaSecond)).toEqual(['First', 'Two']);
      await viaFirst.ok(
        'course_admin.php',
        'update_course_part',
        { CourseId: course.id, CoursePartId: nth(course.partIds, 2), Published: true, Version: renamed.Version },
        asAda,
      );
      expect(await namesVia(viaSecond)).toEqual(['First', 'Two', 'Three']);
      expect(await namesVia(viaFirst)).toEqual(['First', 'Two', 'Three']);

      // The lock's holder is not kept with the structure: closing through one process shows on the other.
      await viaFirst.ok('course_lock.php', 'close_course_for_editing', { CourseId: course.id }, asAda);
      expect((await seen(viaSecond, student, studentToken)).LockedByUserId).toBeNull();
    });
  },
);
