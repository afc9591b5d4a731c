import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse } from '../factories/courses';
import { nth } from '../support/answers';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { whileRowLocked } from '../support/locks';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('tasks.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const create = (who: Person, task: Record<string, unknown>) =>
    server.call(
      'tasks.php',
      'create_task',
      { Task: { TaskType: 1, Description: 'Call the student', ...task } },
      as(who),
    );
  type UpdateData = DataOf<'tasks.php', 'update_task'>;
  const update = (who: Person, task: UpdateData['Task'], extra: Partial<UpdateData> = {}) =>
    server.call(
      'tasks.php',
      'update_task',
      { UserId: who.id, UserRealName: 'ignored', CourseName: null, Task: task, ...extra },
      as(who),
    );
  const list = async (who: Person, data: Record<string, unknown> = {}) =>
    (await server.call('tasks.php', 'get_tasks', { UserId: who.id, ...data }, as(who))).body.data.map(
      (t: { Id: number }) => t.Id,
    );

  async function staffRoom() {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin', { firstName: 'Ada' });
    const coach = await createPerson(server, site, 'coach', { firstName: 'Carl' });
    const student = await createPerson(server, site, 'student', { firstName: 'Stina' });
    const course = await createCourse(server.db, { site, name: 'Mixing' });
    return { site, admin, coach, student, course };
  }

  it('a task lives: created, noted, assigned, completed (who and when), reopened, trashed and restored', async () => {
    const { admin, coach, student, course } = await staffRoom();
    const created = await create(admin, {
      UserId: student.id,
      CourseId: course.id,
      CoursePartId: course.partIds[0],
      EventStartDate: '2030-01-02T10:00:00Z',
    });
    expect(created.body).toMatchObject({ status: 'OK', createTask: { data: { Id: expect.any(Number) } } });
    const id = created.body.createTask.data.Id;
    const read = await server.call('tasks.php', 'get_task', { Id: id }, as(coach));
    expect(read.body.data).toMatchObject({
      Id: id,
      TaskType: 1,
      UserId: student.id,
      UserRealName: 'Stina Tester',
      CourseId: course.id,
      CourseName: 'Mixing',
      CoursePartId: course.partIds[0],
      Description: 'Call the student',
      EventStartDate: '2030-01-02T10:00:00.000Z',
      TaskOwner: -1,
      TaskOwnerName: null,
      Note: '',
      CompleteTheTask: false,
      CompletedDate: null,
      CompletedByUserId: null,
      CompletedByName: null,
      IsTrash: false,
    });
    expect(await list(coach)).toEqual([id]);

    const noted = await update(coach, {
      Id: id,
      Note: '<p>Left a <b>voicemail</b><img src=x onerror=alert(1)></p>',
      TaskOwner: coach.id,
    });
    expect(noted.body.data).toMatchObject({
      Note: '<p>Left a <b>voicemail</b><img src="x" /></p>',
      TaskOwner: coach.id,
      TaskOwnerName: 'Carl Tester',
    });
    expect(await list(coach, { Condition: 'mine' })).toEqual([id]);
    expect(await list(admin, { Condition: 'mine' })).toEqual([]);
    // Fields left out stay as they are; the date moves and can be cleared.
    const moved = await update(coach, { Id: id }, { EventStartDate: '2030-02-01T09:00:00.000Z' });
    expect(moved.body.data).toMatchObject({ Note: noted.body.data.Note, EventStartDate: '2030-02-01T09:00:00.000Z' });
    expect((await update(coach, { Id: id }, { EventStartDate: null })).body.data.EventStartDate).toBeNull();

    const before = Date.now();
    const done = await update(coach, { Id: id, CompleteTheTask: true });
    expect(done.body.data).toMatchObject({
      CompleteTheTask: true,
      CompletedByUserId: coach.id,
      CompletedByName: 'Carl Tester',
    });
    expect(Date.parse(done.body.data.CompletedDate ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await list(coach)).toEqual([]);
    expect(await list(coach, { Condition: 'completed' })).toEqual([id]);
    expect(await list(coach, { Condition: 'mine' })).toEqual([]);
    // Completing again keeps the first who and when; reopening clears both.
    const again = await update(admin, { Id: id, CompleteTheTask: true });
    expect(again.body.data).toMatchObject({ CompletedByUserId: coach.id, CompletedDate: done.body.data.CompletedDate });
    const reopened = await update(admin, { Id: id, CompleteTheTask: false, TaskOwner: -1 });
    expect(reopened.body.data).toMatchObject({ CompleteTheTask: false, CompletedDate: null, TaskOwner: -1 });

    const trashed = await update(admin, { Id: id, IsTrash: true });
    expect(trashed.body.data.IsTrash).toBe(true);
    expect(await list(admin, { Condition: 'all' })).toEqual([]);
    expect(await list(admin, { Condition: 'all', isTrash: true })).toEqual([id]);
    expect((await update(admin, { Id: id, IsTrash: false })).body.data.IsTrash).toBe(false);
    expect(await list(admin, { Condition: 'all' })).toEqual([id]);
  });

  it('the owner picker lists the site’s staff by name, and any of them can own a task', async () => {
    const { site, admin, coach, student } = await staffRoom();
    const second = await createPerson(server, site, 'coach', { firstName: 'Bea' });
    const elsewhere = await staffRoom();
    const owners = await server.call('tasks.php', 'get_task_owners', {}, as(coach));
    expect(owners.body).toEqual({
      status: 'OK',
      data: [
        { UserId: admin.id, FirstName: 'Ada', LastName: 'Tester' },
        { UserId: second.id, FirstName: 'Bea', LastName: 'Tester' },
        { UserId: coach.id, FirstName: 'Carl', LastName: 'Tester' },
      ],
    });
    expect(owners.body.data.map((o: { UserId: number }) => o.UserId)).not.toContain(elsewhere.coach.id);
    expect((await server.call('tasks.php', 'get_task_owners', {}, as(student))).httpStatus).toBe(403);
    // A coach of no course in particular can be handed a task by another staff member.
    const id = (await create(coach, { TaskOwner: second.id })).body.createTask.data.Id;
    expect((await server.call('tasks.php', 'get_task', { Id: id }, as(admin))).body.data).toMatchObject({
      TaskOwner: second.id,
      TaskOwnerName: 'Bea Tester',
    });
  });

  it('lists filter by condition, trash and course, newest first', async () => {
    const { site, admin, course } = await staffRoom();
    const other = await createCourse(server.db, { site });
    const ids: number[] = [];
    for (const CourseId of [course.id, other.id, course.id, null]) {
      ids.push((await create(admin, { CourseId, Description: `Task ${ids.length}` })).body.createTask.data.Id);
    }
    expect(await list(admin)).toEqual([...ids].reverse());
    expect(await list(admin, { CourseId: course.id })).toEqual([ids[2], ids[0]]);
    await update(admin, { Id: nth(ids, 1), CompleteTheTask: true });
    expect(await list(admin, { Condition: 'open' })).toEqual([ids[3], ids[2], ids[0]]);
    expect(await list(admin, { Condition: 'all' })).toHaveLength(4);
    expect(await list(admin, { Condition: 'completed', CourseId: other.id })).toEqual([ids[1]]);
  });

  it('two staff completing at once: the first is recorded, and both are told so', async () => {
    const { admin, coach } = await staffRoom();
    // Several tasks at once, so that a race would show in one of them at least.
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create(admin, {})).body.createTask.data.Id);
    const answers = await whileRowLocked(server, { table: 'tasks', id: ids }, () =>
      Promise.all(
        ids.map((Id) =>
          Promise.all([update(admin, { Id, CompleteTheTask: true }), update(coach, { Id, CompleteTheTask: true })]),
        ),
      ),
    );
    for (const [first, second] of answers) {
      expect(first.body.data.CompletedByUserId).toBe(second.body.data.CompletedByUserId);
      expect(first.body.data.CompletedDate).toBe(second.body.data.CompletedDate);
    }
  });

  it('only staff see and change tasks, only their own site’s, and every id must exist there', async () => {
    const { admin, coach, student, course } = await staffRoom();
    const elsewhere = await staffRoom();
    const id = (await create(admin, { UserId: student.id })).body.createTask.data.Id;

    expect((await server.call('tasks.php', 'get_tasks', { UserId: student.id }, as(student))).httpStatus).toBe(403);
    expect((await create(student, {})).httpStatus).toBe(403);
    expect((await server.call('tasks.php', 'get_tasks', { UserId: admin.id }, as(coach))).httpStatus).toBe(403);
    expect((await server.call('tasks.php', 'get_task', { Id: id }, as(elsewhere.admin))).body.error_code).toBe(
      'NOT_FOUND',
    );
    expect((await update(elsewhere.admin, { Id: id, Note: 'x' })).body.error_code).toBe('NOT_FOUND');
    expect(await list(elsewhere.admin, { Condition: 'all' })).toEqual([]);

    for (const task of [
      { UserId: elsewhere.student.id },
      { CourseId: elsewhere.course.id },
      { CoursePartId: elsewhere.course.partIds[0] },
      { CourseId: course.id, CoursePartId: elsewhere.course.partIds[0] },
      { TaskOwner: student.id },
      { TaskOwner: elsewhere.coach.id },
    ]) {
      const refused = await create(admin, task);
      expect(refused.httpStatus, JSON.stringify(task)).toBe(404);
    }
    expect((await update(admin, { Id: id, TaskOwner: student.id })).body.error_code).toBe('NOT_FOUND');
    for (const EventStartDate of ['0000-01-01T00:00:00Z', 'tomorrow']) {
      expect((await create(admin, { EventStartDate })).httpStatus, EventStartDate).toBe(400);
      expect((await update(admin, { Id: id }, { EventStartDate })).httpStatus, EventStartDate).toBe(400);
    }
    expect((await create(admin, { Description: '   ' })).httpStatus).toBe(400);
    expect((await server.call('tasks.php', 'get_task', { Id: id }, as(admin))).body.data.Note).toBe('');
  });
});
