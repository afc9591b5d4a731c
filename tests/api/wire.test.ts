import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createNews, createSite } from '../factories';
import { addCoach, as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { everyCall } from '../security/support/calls';
import { defOf } from '../security/support/validData';
import type { RawAnswer } from '../support/api';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/** Every field of a call's data, nested objects included (`Task.CourseId`, `access.CourseId`). */
function fieldsOf(schema: z.ZodType, path: string[] = []): { path: string[]; schema: z.ZodType }[] {
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault'].includes(def.type) && def.innerType) {
    return fieldsOf(def.innerType, path);
  }
  if (def.type === 'pipe' && def.in && defOf(def.in).type === 'object') return fieldsOf(def.in, path);
  if (def.type !== 'object') return [];
  return Object.entries(def.shape ?? {}).flatMap(([key, field]) => [
    { path: [...path, key], schema: field },
    ...fieldsOf(field, [...path, key]),
  ]);
}

describe('the contract', () => {
  it('takes 0 as null in every field that takes both null and an id', () => {
    const checked: string[] = [];
    for (const call of everyCall) {
      for (const field of fieldsOf(call.data)) {
        const none = field.schema.safeParse(null);
        if (!none.success || !field.schema.safeParse(1).success) continue;
        const name = `${call.name} data.${field.path.join('.')}`;
        checked.push(name);
        const zero = field.schema.safeParse(0);
        expect(zero.success, `${name} refuses 0`).toBe(true);
        expect(zero.data, `${name} parses 0 as it parses null`).toEqual(none.data);
        expect(field.schema.safeParse(undefined).data, `${name} left out`).toEqual(none.data);
      }
    }
    // The fields the spec's clients send 0 in are among them.
    expect(checked).toEqual(
      expect.arrayContaining([
        'auth.php auth_user data.access.CourseId',
        'news.php get_latest_news data.user_id',
        'messages.php submit_message data.CourseId',
        'messages.php submit_message data.CoursePartId',
        'tasks.php create_task data.Task.CourseId',
      ]),
    );
  });
});

/**
 * The spec's clients send `0` where there is no id (§3: `user_id` is 0 when signed out; §2: `/user/:id` is a
 * numeric id, otherwise 0), others send `null` or leave the field out. Every optional id of the contract takes
 * the three alike and answers them as it answers `null`; real ids stay positive integers.
 */
describe.each(dialects)('0 means none on the wire, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function room() {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin', { firstName: 'Ada' });
    const coach = await createPerson(server, site, 'coach', { firstName: 'Carl' });
    const student = await createPerson(server, site, 'student', { firstName: 'Stina' });
    const course = await createCourse(server.db, { site, name: 'Mixing', achievements: [10] });
    await grantAccess(server.db, { site, course, user: student });
    await addCoach(server.db, { site, course, user: coach });
    return { site, admin, coach, student, course };
  }

  /** Answers of the same call with the field as 0, as null and left out: all three must be the null one. */
  function expectAlike(answers: { zero: RawAnswer; none: RawAnswer; absent?: RawAnswer }, label: string) {
    expect(answers.none.httpStatus, `${label} with null: ${JSON.stringify(answers.none.body)}`).toBeLessThan(500);
    expect(answers.zero, `${label} with 0`).toEqual(answers.none);
    if (answers.absent) expect(answers.absent, `${label} left out`).toEqual(answers.none);
  }

  /** A 400 INVALID_REQUEST naming the field. */
  function expectRefused(result: RawAnswer, field: string, label: string) {
    expect(result.httpStatus, `${label}: ${JSON.stringify(result.body)}`).toBe(400);
    expect(result.body).toMatchObject({ status: 'ERROR', error_code: 'INVALID_REQUEST' });
    expect(result.body.fields.map((f: { field: string }) => f.field)).toContain(field);
  }

  const notIds = [1.5, '3', true, -2];

  it('auth_user with access {CourseId: 0} (off a course page) answers as without a course', async () => {
    const { site, student, course } = await room();
    const authUser = (data: Record<string, unknown>) =>
      server.callRaw('auth.php', 'auth_user', { token: student.token, ...data }, { site: site.name });
    const zero = await authUser({ access: { CourseId: 0 } });
    expect(zero.httpStatus).toBe(200);
    expect(zero.body).toMatchObject({ status: 'OK', data: { Id: student.id }, CourseAccess: null, userExamId: null });
    expectAlike({ zero, none: await authUser({ access: { CourseId: null } }), absent: await authUser({}) }, 'auth');
    expect(await authUser({ access: {} })).toEqual(zero);
    expect(await authUser({ access: null })).toEqual(zero);
    // A real course is still asked about.
    expect((await authUser({ access: { CourseId: course.id } })).body.CourseAccess).toBe(1);
    for (const bad of [...notIds, -1]) {
      expectRefused(await authUser({ access: { CourseId: bad } }), 'data.access.CourseId', `CourseId ${bad}`);
    }
  });

  it('get_latest_news with user_id 0 (signed out) answers as with null', async () => {
    const { site, student } = await room();
    const item = await createNews(server.db, { site, title: 'Mixing week' });
    const latest = (data: Record<string, unknown>, token: string | null = null) =>
      server.callRaw('news.php', 'get_latest_news', data, { site: site.name, token });
    const zero = await latest({ user_id: 0 });
    expect(zero.body).toMatchObject({ status: 'OK', data: { data: [{ id: item.id, title: 'Mixing week' }] } });
    expectAlike({ zero, none: await latest({ user_id: null }), absent: await latest({}) }, 'signed out');

    // Signed in, her own id hides the item she closed; 0 names nobody, as null does.
    const closed = await server.callRaw(
      'news.php',
      'store_user_news_interaction',
      { news_id: item.id, user_id: student.id },
      as(student),
    );
    expect(closed.body.status).toBe('OK');
    expect((await latest({ user_id: student.id }, student.token)).body.data.data).toEqual([]);
    expectAlike(
      { zero: await latest({ user_id: 0 }, student.token), none: await latest({ user_id: null }, student.token) },
      'signed in',
    );
    for (const bad of [...notIds, -1]) expectRefused(await latest({ user_id: bad }), 'data.user_id', `user_id ${bad}`);
    // Where the id is required it stays a real id.
    expectRefused(
      await server.callRaw('news.php', 'store_user_news_interaction', { news_id: item.id, user_id: 0 }, as(student)),
      'data.user_id',
      'store_user_news_interaction with user_id 0',
    );
  });

  it('submit_message with CourseId 0 and CoursePartId 0 (a message about no course) is sent as with null', async () => {
    const { student, coach, course } = await room();
    let n = 0;
    const send = (data: Record<string, unknown>) =>
      server.callRaw(
        'messages.php',
        'submit_message',
        {
          SendAsNotification: false,
          FromUserId: student.id,
          UserId: coach.id,
          Title: '',
          Message: `<p>Question ${++n}</p>`,
          SendAsEmail: false,
          SendToCourseCoaches: false,
          ...data,
        },
        as(student),
      );
    const stored = async (result: RawAnswer) => {
      expect(result.body.status, JSON.stringify(result.body)).toBe('OK');
      return server.db
        .selectFrom('messages')
        .select(['from_user_id', 'to_user_id', 'kind', 'course_id', 'course_part_id'])
        .where('id', '=', result.body.createMessageResult.data.Id)
        .executeTakeFirstOrThrow();
    };
    const withoutId = (result: RawAnswer) => ({
      ...result,
      body: { ...result.body, createMessageResult: { ...result.body.createMessageResult, data: {} } },
    });
    // The spec's client sends every field, 0 where it has no id.
    const zero = await send({ UserFileId: 0, CourseId: 0, CoursePartId: 0 });
    const none = await send({ UserFileId: null, CourseId: null, CoursePartId: null });
    const absent = await send({});
    expectAlike({ zero: withoutId(zero), none: withoutId(none), absent: withoutId(absent) }, 'submit_message');
    const row = await stored(none);
    expect(row).toMatchObject({
      from_user_id: student.id,
      to_user_id: coach.id,
      course_id: null,
      course_part_id: null,
    });
    expect(await stored(zero)).toEqual(row);
    expect(await stored(absent)).toEqual(row);

    // A real course still counts, and sends to its coaches with UserId 0.
    const toCoaches = await send({ UserId: 0, CourseId: course.id, CoursePartId: 0, SendToCourseCoaches: true });
    expect(await stored(toCoaches)).toMatchObject({ to_user_id: coach.id, course_id: course.id, course_part_id: null });
    // Without a recipient (0, null or left out) and without the coaches, it is the same refusal.
    expectAlike(
      {
        zero: await send({ UserId: 0 }),
        none: await send({ UserId: null }),
        absent: await send({ UserId: undefined }),
      },
      'no recipient',
    );
    expect((await send({ UserId: 0 })).body).toMatchObject({ status: 'ERROR', error_code: 'INVALID_REQUEST' });

    for (const bad of [...notIds, -1]) {
      expectRefused(await send({ CourseId: bad }), 'data.CourseId', `CourseId ${bad}`);
      expectRefused(await send({ CoursePartId: bad }), 'data.CoursePartId', `CoursePartId ${bad}`);
      expectRefused(await send({ UserFileId: bad }), 'data.UserFileId', `UserFileId ${bad}`);
    }
    for (const bad of notIds) expectRefused(await send({ UserId: bad }), 'data.UserId', `UserId ${bad}`);
    // FromUserId is required: the sender is always someone.
    expectRefused(await send({ FromUserId: 0 }), 'data.FromUserId', 'FromUserId 0');
  });

  it('send_support_message with CourseId 0 and CoursePartId 0 is sent as with null', async () => {
    const { student } = await room();
    let n = 0;
    const send = (data: Record<string, unknown>) =>
      server.callRaw('messages.php', 'send_support_message', { Message: `<p>Help ${++n}</p>`, ...data }, as(student));
    const storedTask = async (result: RawAnswer) => {
      expect(result.body.status, JSON.stringify(result.body)).toBe('OK');
      return server.db
        .selectFrom('tasks')
        .select(['task_type', 'user_id', 'course_id', 'course_part_id'])
        .where('id', '=', result.body.data.TaskId)
        .executeTakeFirstOrThrow();
    };
    const none = await storedTask(await send({ CourseId: null, CoursePartId: null }));
    expect(none).toMatchObject({ user_id: student.id, course_id: null, course_part_id: null });
    expect(await storedTask(await send({ CourseId: 0, CoursePartId: 0 }))).toEqual(none);
    expect(await storedTask(await send({}))).toEqual(none);
    for (const bad of [...notIds, -1]) expectRefused(await send({ CourseId: bad }), 'data.CourseId', `CourseId ${bad}`);
  });

  it('get_messages with FromUserId 0 reads the bell, as with null; -1 still reads the system messages', async () => {
    const { student, coach } = await room();
    const sent = await server.callRaw(
      'messages.php',
      'submit_message',
      { FromUserId: coach.id, UserId: student.id, Message: '<p>Hello</p>' },
      as(coach),
    );
    expect(sent.body.status).toBe('OK');
    const read = async (data: Record<string, unknown>) => {
      const result = await server.callRaw('messages.php', 'get_messages', { UserId: student.id, ...data }, as(student));
      // `datetime` is the time of the answer.
      return { ...result, body: { ...result.body, datetime: typeof result.body.datetime } };
    };
    const zero = await read({ FromUserId: 0, IsChat: false, LastDate: null, page: 1, limit: 25 });
    expect(zero.body.data.map((m: { Message: string }) => m.Message)).toEqual(['<p>Hello</p>']);
    expectAlike(
      {
        zero,
        none: await read({ FromUserId: null, IsChat: false, LastDate: null, page: 1, limit: 25 }),
        absent: await read({ IsChat: false, LastDate: null, page: 1, limit: 25 }),
      },
      'get_messages',
    );
    expect((await read({ FromUserId: -1 })).body).toMatchObject({ status: 'OK', data: [] });
    for (const bad of notIds) expectRefused(await read({ FromUserId: bad }), 'data.FromUserId', `FromUserId ${bad}`);
    // UserId is required: whose messages is always someone's (or -1, the support inbox).
    expectRefused(await read({ UserId: 0 }), 'data.UserId', 'UserId 0');
  });

  it('create_task with Task.CourseId 0 (and UserId, CoursePartId 0) makes the task null would', async () => {
    const { admin, course } = await room();
    const create = (task: Record<string, unknown>) =>
      server.callRaw('tasks.php', 'create_task', { Task: { TaskType: 1, Description: 'Call', ...task } }, as(admin));
    const read = async (result: RawAnswer) => {
      expect(result.body.status, JSON.stringify(result.body)).toBe('OK');
      const task = await server.callRaw('tasks.php', 'get_task', { Id: result.body.createTask.data.Id }, as(admin));
      const { Id: _id, CDate: _created, ...rest } = task.body.data;
      return rest;
    };
    const none = await read(await create({ UserId: null, CourseId: null, CoursePartId: null }));
    expect(none).toMatchObject({ UserId: null, CourseId: null, CoursePartId: null, CourseName: null });
    expect(await read(await create({ UserId: 0, CourseId: 0, CoursePartId: 0 }))).toEqual(none);
    expect(await read(await create({ CourseId: 0 }))).toEqual(none);
    expect(await read(await create({}))).toEqual(none);
    expect(await read(await create({ CourseId: course.id, CoursePartId: 0 }))).toMatchObject({
      CourseId: course.id,
      CoursePartId: null,
    });
    for (const field of ['UserId', 'CourseId', 'CoursePartId']) {
      for (const bad of [...notIds, -1]) {
        expectRefused(await create({ [field]: bad }), `data.Task.${field}`, `Task.${field} ${bad}`);
      }
    }
  });

  it('get_tasks with CourseId 0 lists what null lists', async () => {
    const { admin, course } = await room();
    for (const CourseId of [null, course.id]) {
      const made = await server.callRaw(
        'tasks.php',
        'create_task',
        { Task: { TaskType: 1, Description: 'Call', CourseId } },
        as(admin),
      );
      expect(made.body.status).toBe('OK');
    }
    const list = (data: Record<string, unknown>) =>
      server.callRaw(
        'tasks.php',
        'get_tasks',
        { UserId: admin.id, Condition: 'open', isTrash: false, ...data },
        as(admin),
      );
    const zero = await list({ CourseId: 0 });
    expect(zero.body.data).toHaveLength(2);
    expectAlike({ zero, none: await list({ CourseId: null }), absent: await list({}) }, 'get_tasks');
    expect((await list({ CourseId: course.id })).body.data).toHaveLength(1);
    for (const bad of [...notIds, -1]) expectRefused(await list({ CourseId: bad }), 'data.CourseId', `CourseId ${bad}`);
  });

  it("get_achievements with CourseId 0 answers every course's achievements, as null does", async () => {
    const { student, course } = await room();
    const list = (data: Record<string, unknown>) =>
      server.callRaw('achievements.php', 'get_achievements', { UserId: student.id, ...data }, as(student));
    const zero = await list({ CourseId: 0 });
    expect(zero.body.data.map((a: { Id: number }) => a.Id)).toEqual(course.achievementIds);
    expectAlike({ zero, none: await list({ CourseId: null }), absent: await list({}) }, 'get_achievements');
    for (const bad of [...notIds, -1]) expectRefused(await list({ CourseId: bad }), 'data.CourseId', `CourseId ${bad}`);
  });

  it('get_coaches with UserId 0 answers as without it', async () => {
    const { student, coach, course } = await room();
    const list = (data: Record<string, unknown>) =>
      server.callRaw('coach_manager.php', 'get_coaches', { CourseId: course.id, PostType: 1, ...data }, as(student));
    const zero = await list({ UserId: 0 });
    expect(zero.body.data.map((c: { UserId: number }) => c.UserId)).toEqual([coach.id]);
    expectAlike({ zero, none: await list({ UserId: null }), absent: await list({}) }, 'get_coaches');
    for (const bad of [...notIds, -1]) expectRefused(await list({ UserId: bad }), 'data.UserId', `UserId ${bad}`);
    // CourseId is required.
    expectRefused(await list({ CourseId: 0 }), 'data.CourseId', 'CourseId 0');
  });

  it('get_user_exam with UserExamId 0 or BlockId 0 answers as with null', async () => {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, {
      site,
      parts: [{ criteria: 'review', blocks: [{ type: 'Exam', content: { html: '<p>Make a beat.</p>' } }] }],
    });
    const student: Person = await createPerson(server, site, 'student');
    await grantAccess(server.db, { site, course, user: student });
    const blockId = course.blockIds[0]?.[0] as number;
    const read = (data: Record<string, unknown>) =>
      server.callRaw(
        'user_exam.php',
        'get_user_exam',
        { UserId: student.id, CourseId: course.id, ...data },
        as(student),
      );
    const zero = await read({ UserExamId: 0, BlockId: blockId });
    expect(zero.body).toMatchObject({ status: 'OK', data: { BlockId: blockId, Status: 'not_started' } });
    expectAlike(
      { zero, none: await read({ UserExamId: null, BlockId: blockId }), absent: await read({ BlockId: blockId }) },
      'by BlockId',
    );
    // Neither names an exam: the same refusal.
    const neither = await read({ UserExamId: null, BlockId: null });
    expect(neither.httpStatus).toBe(400);
    expectAlike({ zero: await read({ UserExamId: 0, BlockId: 0 }), none: neither, absent: await read({}) }, 'neither');
    for (const bad of [...notIds, -1]) {
      expectRefused(await read({ UserExamId: bad, BlockId: blockId }), 'data.UserExamId', `UserExamId ${bad}`);
    }
    // CourseId is required.
    expectRefused(await read({ CourseId: 0, BlockId: blockId }), 'data.CourseId', 'CourseId 0');
  });

  it('required ids stay real ids: 0 is refused where an id must name something', async () => {
    const { student, course } = await room();
    expectRefused(
      await server.callRaw('course.php', 'get_course', { UserId: student.id, CourseId: 0 }, as(student)),
      'data.CourseId',
      'get_course CourseId 0',
    );
    expectRefused(
      await server.callRaw('profile.php', 'get_profile', { UserId: 0 }, as(student)),
      'data.UserId',
      'get_profile UserId 0',
    );
    expectRefused(
      await server.callRaw(
        'course_progress.php',
        'updateCourseProgressVideoPlay',
        { UserId: student.id, CourseId: course.id, CoursePartId: 0 },
        as(student),
      ),
      'data.CoursePartId',
      'updateCourseProgressVideoPlay CoursePartId 0',
    );
  });
});
