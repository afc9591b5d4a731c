import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_USERS_MAX, RESETS_PER_STAFF } from '../../src/shared/domain/administration/users';
import { createSite, signIn, TEST_PASSWORD } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { mailsTo, snapshotRows } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('users.php bulk_users on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function school() {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin', { firstName: 'Ada', lastName: 'Admin' });
    const coach = await createPerson(server, site, 'coach', { firstName: 'Cole', lastName: 'Coach' });
    const students = [];
    for (const first of ['Alma', 'Bea', 'Cid'])
      students.push(await createPerson(server, site, 'student', { firstName: first }));
    const course = await createCourse(server.db, { site, name: 'Cello' });
    return { site, admin, coach, students, course };
  }

  const bulk = (who: Person, data: DataOf<'users.php', 'bulk_users'>) =>
    server.call('users.php', 'bulk_users', data, as(who));
  const access = async (courseId: number) =>
    (
      await server.db
        .selectFrom('course_access')
        .select(['user_id', 'expires_at'])
        .where('course_id', '=', courseId)
        .orderBy('user_id')
        .execute()
    ).map((row) => [row.user_id, row.expires_at?.slice(0, 10) ?? null]);
  const actions = async (userId: number) =>
    (
      await server.db.selectFrom('user_history').select('action').where('user_id', '=', userId).orderBy('id').execute()
    ).map((row) => row.action);

  it('gives chosen users a course with an end date, each in her history, and says for whom it could not', async () => {
    const { coach, students, course } = await school();
    const stranger = await createPerson(server, await createSite(server.db), 'student');
    const ids = students.map((s) => s.id);
    const answer = await bulk(coach, {
      UserIds: [...ids, stranger.id, ids[0] as number],
      Action: 'grant_course',
      CourseId: course.id,
      ExpiresAt: '2099-06-30',
    });
    expect(answer.body).toEqual({
      status: 'OK',
      Done: ids,
      Failed: [{ UserId: stranger.id, error_code: 'NOT_FOUND' }],
    });
    expect(await access(course.id)).toEqual(ids.map((id) => [id, '2099-06-30']));
    expect(await actions(ids[0] as number)).toEqual(['course_granted']);
    // She sees it among her courses.
    const mine = await server.ok(
      'course.php',
      'get_my_courses',
      { UserId: ids[0] as number },
      as(students[0] as Person),
    );
    expect(mine.data.map((c) => c.Name)).toEqual(['Cello']);
  });

  it('takes a course away from those who hold it', async () => {
    const { admin, students, course, site } = await school();
    const [alma, bea, cid] = students as [Person, Person, Person];
    for (const user of [alma, bea]) await grantAccess(server.db, { site, course, user });
    const answer = await bulk(admin, {
      UserIds: [alma.id, bea.id, cid.id],
      Action: 'revoke_course',
      CourseId: course.id,
    });
    expect(answer.body.Done).toEqual([alma.id, bea.id]);
    expect(answer.body.Failed).toEqual([{ UserId: cid.id, error_code: 'NOT_FOUND' }]);
    expect(await access(course.id)).toEqual([]);
  });

  it('locks and unlocks as the page does: a coach not staff, nobody herself', async () => {
    const { admin, coach, students, site } = await school();
    const [alma, bea] = students as [Person, Person];
    const byCoach = await bulk(coach, { UserIds: [alma.id, admin.id], Action: 'lock' });
    expect(byCoach.body).toMatchObject({ Done: [alma.id], Failed: [{ UserId: admin.id, error_code: 'FORBIDDEN' }] });
    const byAdmin = await bulk(admin, { UserIds: [bea.id, admin.id], Action: 'lock' });
    expect(byAdmin.body).toMatchObject({ Done: [bea.id], Failed: [{ UserId: admin.id, error_code: 'FORBIDDEN' }] });
    expect((await signIn(server, site, alma.email, TEST_PASSWORD)).body.error_code).toBe('ACCOUNT_LOCKED_BY_ADMIN');
    const unlocked = await bulk(admin, { UserIds: [alma.id, bea.id], Action: 'unlock' });
    expect(unlocked.body.Done).toEqual([alma.id, bea.id]);
    expect((await signIn(server, site, alma.email, TEST_PASSWORD)).body.status).toBe('OK');
    expect(await actions(alma.id)).toEqual(['locked', 'unlocked']);
  });

  it('mails resets within the staff member’s hour, telling who got none', async () => {
    const { site, admin, students } = await school();
    const now = new Date().toISOString();
    await server.db
      .insertInto('rate_limits')
      .values({
        site_id: site.id,
        bucket: 'staff_password_resets',
        subject: `user:${admin.id}`,
        window_started_at: now,
        taken: RESETS_PER_STAFF.limit - 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const ids = students.map((s) => s.id);
    const answer = await bulk(admin, { UserIds: ids, Action: 'send_reset' });
    expect(answer.body.Done).toEqual([ids[0]]);
    expect(answer.body.Failed).toEqual(ids.slice(1).map((id) => ({ UserId: id, error_code: 'TOO_MANY_REQUESTS' })));
    expect(await mailsTo(server, (students[0] as Person).email)).toHaveLength(1);
    expect(await mailsTo(server, (students[1] as Person).email)).toHaveLength(0);
  });

  it('refuses a request wrong for everyone whole, changing nothing; and students', async () => {
    const { coach, students, course } = await school();
    const ids = students.map((s) => s.id);
    const before = await snapshotRows(server);
    const cases: [DataOf<'users.php', 'bulk_users'>, number, string][] = [
      [{ UserIds: ids, Action: 'grant_course' }, 400, 'INVALID_REQUEST'],
      [{ UserIds: ids, Action: 'grant_course', CourseId: 999_999 }, 404, 'NOT_FOUND'],
      [{ UserIds: ids, Action: 'grant_course', CourseId: course.id, ExpiresAt: '2001-01-01' }, 400, 'INVALID_REQUEST'],
      [{ UserIds: [], Action: 'lock' }, 400, 'INVALID_REQUEST'],
      [
        { UserIds: Array.from({ length: BULK_USERS_MAX + 1 }, (_, i) => i + 1), Action: 'lock' },
        400,
        'INVALID_REQUEST',
      ],
    ];
    for (const [data, status, code] of cases) {
      const answer = await bulk(coach, data);
      expect([answer.httpStatus, answer.body.error_code]).toEqual([status, code]);
    }
    const refused = await bulk(students[0] as Person, { UserIds: ids, Action: 'lock' });
    expect(refused.httpStatus).toBe(403);
    expect(await snapshotRows(server)).toEqual(before);
  });
});
