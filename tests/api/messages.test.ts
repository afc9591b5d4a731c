import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_EMAIL_MS, DUPLICATE_MESSAGE_MS, PRESENCE_WRITE_MS } from '../../src/shared/domain/coaching/messages';
import { createSite } from '../factories';
import { addCoach, as, backdateMessage, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { nth } from '../support/answers';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { mailsTo } from '../support/inspect';
import { whileRowLocked } from '../support/locks';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('messages.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  type SubmitData = DataOf<'messages.php', 'submit_message'>;
  const send = (from: Person, data: Omit<SubmitData, 'FromUserId'> & Partial<SubmitData>) =>
    server.call('messages.php', 'submit_message', { FromUserId: from.id, ...data }, as(from));
  const poll = (who: Person, data: Partial<DataOf<'messages.php', 'get_messages'>> = {}) =>
    server.call('messages.php', 'get_messages', { UserId: who.id, page: 1, limit: 25, ...data }, as(who));
  const idOf = (answer: { body: { createMessageResult: { data: { Id: number } } } }) =>
    answer.body.createMessageResult.data.Id;

  /** A site with a course, its coach and a student who has access to it. */
  async function classroom() {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, { site, parts: [{}, {}] });
    const coach = await createPerson(server, site, 'coach', { firstName: 'Carla' });
    const student = await createPerson(server, site, 'student', { firstName: 'Stina' });
    await addCoach(server.db, { site, course, user: coach });
    await grantAccess(server.db, { site, course, user: student });
    return { site, course, coach, student };
  }

  it('a student asks the course coach; the coach sees it on the bell, answers, and the student reads the answer', async () => {
    const { course, coach, student } = await classroom();
    const asked = await send(student, {
      SendToCourseCoaches: true,
      CourseId: course.id,
      CoursePartId: course.partIds[1],
      Title: ' Help ',
      Message: '<p>How do I <strong>start</strong>?</p>',
    });
    expect(asked.body).toMatchObject({ status: 'OK', createMessageResult: { recipientOnlineStatus: { data: false } } });

    const bell = await poll(coach);
    expect(bell.body).toMatchObject({ status: 'OK', unopened: 1, pagination: { page: 1, total_pages: 1 } });
    expect(bell.body.data).toEqual([
      expect.objectContaining({
        Id: idOf(asked),
        FromUserId: student.id,
        ToUserId: coach.id,
        Title: 'Help',
        Message: '<p>How do I <strong>start</strong>?</p>',
        Showed: 0,
        ShowedDate: null,
        ReplyDate: null,
        SenderFirstName: 'Stina',
        SenderLastName: 'Tester',
        course_id: course.id,
        course_part_id: course.partIds[1],
      }),
    ]);

    // The coach polled just now, so the student sees him online when he answers.
    const answered = await send(coach, { UserId: student.id, Message: '<p>Press Forward.</p>' });
    expect(answered.body.createMessageResult.recipientOnlineStatus.data).toBe(false);
    const reply = await send(student, { UserId: coach.id, Message: '<p>Thanks!</p>' });
    expect(reply.body.createMessageResult.recipientOnlineStatus.data).toBe(true);

    // The conversation, both ways, newest first; answering marked the coach's message answered and opened.
    const chat = await poll(student, { FromUserId: coach.id, IsChat: true });
    expect(chat.body.data.map((m: { Id: number }) => m.Id)).toEqual([idOf(reply), idOf(answered), idOf(asked)]);
    expect(chat.body.data[1]).toMatchObject({ Showed: 1, ReplyDate: expect.any(String) });
    expect(chat.body.unopened).toBe(0);

    // The coach's bell holds the question (answered by him) and the thanks, unopened until he opens the bell.
    const coachBell = await poll(coach);
    expect(coachBell.body.unopened).toBe(1);
    expect(coachBell.body.data[1]).toMatchObject({ Id: idOf(asked), ReplyDate: expect.any(String) });
    await server.call('messages.php', 'mark_messages_as_opened', [{ Id: idOf(reply) }], as(coach));
    const opened = await poll(coach);
    expect(opened.body.unopened).toBe(0);
    expect(opened.body.data[0]).toMatchObject({ Id: idOf(reply), Showed: 1, ShowedDate: expect.any(String) });
  });

  it('LastDate asks only for what came since the previous answer', async () => {
    const { coach, student } = await classroom();
    await send(coach, { UserId: student.id, Message: '<p>One</p>' });
    const first = await poll(student);
    expect(first.body.data).toHaveLength(1);
    expect(Date.parse(first.body.datetime)).toBeGreaterThan(0);

    // Messages from near the boundary may come again (clients drop them by Id); older ones do not.
    const older = await send(coach, { UserId: student.id, Message: '<p>Older</p>' });
    await backdateMessage(server.db, idOf(older), 60_000, 'created_at');
    const since = await poll(student, { LastDate: first.body.datetime });
    expect(since.body.data.map((m: { Message: string }) => m.Message)).not.toContain('<p>Older</p>');

    const later = await send(coach, { UserId: student.id, Message: '<p>Two</p>' });
    const next = await poll(student, { LastDate: first.body.datetime });
    expect(next.body.data[0]?.Id).toBe(idOf(later));
    expect(next.body.unopened).toBe(3);

    // A time far in the future gives an empty increment; one in the distant past is read as the beginning.
    const future = await poll(student, { LastDate: '9999-12-31T23:59:59.999Z' });
    expect(future.body).toMatchObject({ data: [], pagination: { page: 1, total_pages: 1 }, unopened: 3 });
    const past = await poll(student, { LastDate: '0000-01-01T00:00:00.000Z' });
    expect(past.body.data).toHaveLength(3);
  });

  it('pages newest first with the total number of pages', async () => {
    const { coach, student } = await classroom();
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const sent = await send(coach, { UserId: student.id, Message: `<p>Message ${i}</p>` });
      ids.push(idOf(sent));
    }
    const first = await poll(student);
    expect(first.body.pagination).toEqual({ page: 1, total_pages: 2 });
    expect(first.body.data).toHaveLength(25);
    expect(first.body.data[0]?.Id).toBe(ids[29]);
    const second = await poll(student, { page: 2 });
    expect(second.body.data.map((m: { Id: number }) => m.Id)).toEqual(ids.slice(0, 5).reverse());
    expect((await poll(student, { page: 3 })).body.data).toEqual([]);
    const small = await poll(student, { limit: 7, page: 5 });
    expect(small.body.pagination).toEqual({ page: 5, total_pages: 5 });
    expect(small.body.data).toHaveLength(2);
    expect((await poll(student, { limit: 101 })).httpStatus).toBe(400);
  });

  it('polls of the same kind answer each caller her own: site, user, LastDate and page are bound per poll', async () => {
    // The server compiles each kind of poll once and binds the values of every call into it.
    const one = await classroom();
    const two = await classroom();
    await send(one.coach, { UserId: one.student.id, Message: '<p>For one</p>' });
    for (let i = 0; i < 3; i++) await send(two.coach, { UserId: two.student.id, Message: `<p>For two ${i}</p>` });

    const [bellOne, bellTwo] = await Promise.all([poll(one.student), poll(two.student)]);
    expect(bellOne.body).toMatchObject({ unopened: 1, data: [{ Message: '<p>For one</p>' }] });
    expect(bellTwo.body.unopened).toBe(3);
    expect(bellTwo.body.data.map((m: { Message: string }) => m.Message)).toEqual([
      '<p>For two 2</p>',
      '<p>For two 1</p>',
      '<p>For two 0</p>',
    ]);

    const [pageOne, pageTwo] = await Promise.all([
      poll(one.student, { limit: 2, page: 2 }),
      poll(two.student, { limit: 2, page: 2 }),
    ]);
    expect(pageOne.body).toMatchObject({ data: [], pagination: { page: 2, total_pages: 1 }, unopened: 1 });
    expect(pageTwo.body).toMatchObject({ data: [{ Message: '<p>For two 0</p>' }], pagination: { total_pages: 2 } });

    const future = '9999-12-31T23:59:59.999Z';
    const [quietOne, sinceTwo] = await Promise.all([
      poll(one.student, { LastDate: future }),
      poll(two.student, { LastDate: '2000-01-01T00:00:00.000Z' }),
    ]);
    expect(quietOne.body).toMatchObject({ data: [], unopened: 1 });
    expect(sinceTwo.body.data).toHaveLength(3);

    const [chatOne, chatTwo] = await Promise.all([
      poll(one.coach, { FromUserId: one.student.id }),
      poll(two.coach, { FromUserId: two.student.id }),
    ]);
    expect(chatOne.body.data.map((m: { Message: string }) => m.Message)).toEqual(['<p>For one</p>']);
    expect(chatTwo.body.data).toHaveLength(3);
  });

  it('sanitizes the HTML and refuses an empty message', async () => {
    const { coach, student } = await classroom();
    const sent = await send(student, {
      UserId: coach.id,
      Message: '<p onclick="alert(1)">Hi<script>alert(1)</script> <a href="javascript:alert(1)">there</a></p>',
    });
    const message = nth((await poll(coach)).body.data);
    expect(message.Id).toBe(idOf(sent));
    expect(message.Message).toBe('<p>Hi <a>there</a></p>');
    for (const empty of ['', '<p></p>', '<p> &nbsp; </p><p><br></p>', '<script>alert(1)</script>']) {
      const refused = await send(student, { UserId: coach.id, Message: empty });
      expect(refused.httpStatus, empty).toBe(400);
      expect(refused.body.error_code, empty).toBe('EMPTY_MESSAGE');
    }
    expect((await poll(coach)).body.data).toHaveLength(1);
  });

  it('an identical message to the same user within 5 s is sent once, even when sent many times at once', async () => {
    const { coach, student } = await classroom();
    const message = { UserId: coach.id, Message: '<p>Are you there?</p>' };
    // The requests race past their duplicate checks and wait at the recipient's row, unless the check is guarded.
    const answers = await whileRowLocked(server, { table: 'users', id: coach.id }, () =>
      Promise.all(Array.from({ length: 6 }, () => send(student, message))),
    );
    expect(answers.every((a) => a.body.status === 'OK')).toBe(true);
    const ids = new Set(answers.map(idOf));
    expect(ids.size).toBe(1);
    // Another text, title or recipient is another message.
    expect(idOf(await send(student, { ...message, Title: 'Other' }))).not.toBe(idOf(answers[0] as never));
    expect((await poll(coach)).body.data).toHaveLength(2);

    const [first] = [...ids] as [number];
    await backdateMessage(server.db, first, DUPLICATE_MESSAGE_MS + 1000, 'created_at');
    const later = await send(student, message);
    expect(idOf(later)).not.toBe(first);
    expect((await poll(coach)).body.data).toHaveLength(3);
  });

  it('mails a message once within 10 s, whether asked when sending or afterwards', async () => {
    const { coach, student } = await classroom();
    const message = { UserId: coach.id, Title: 'Question', Message: '<p>Can we talk &amp; plan?</p>' };
    const sent = await send(student, { ...message, SendAsEmail: true });
    const mails = await mailsTo(server, coach.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Question');
    expect(mails[0]?.text_body).toContain('Stina Tester wrote:');
    expect(mails[0]?.text_body).toContain('Can we talk & plan?');

    // The duplicate within 5 s and an explicit request within 10 s mail nothing more.
    expect(idOf(await send(student, { ...message, SendAsEmail: true }))).toBe(idOf(sent));
    const again = await server.call('messages.php', 'send_message_as_email', { Id: idOf(sent) }, as(student));
    expect(again.body).toEqual({ status: 'OK', emailed: false });
    const asked = await send(student, { UserId: coach.id, Message: '<p>Asked twice at once</p>' });
    const racing = await whileRowLocked(server, { table: 'messages', id: idOf(asked) }, () =>
      Promise.all(
        [1, 2, 3].map(() => server.call('messages.php', 'send_message_as_email', { Id: idOf(asked) }, as(student))),
      ),
    );
    expect(racing.map((a) => a.body.emailed).sort()).toEqual([false, false, true]);
    expect(await mailsTo(server, coach.email)).toHaveLength(2);
    // Past the 5-s window the same text is a new message, but it was mailed within 10 s: not mailed again.
    await backdateMessage(server.db, idOf(sent), DUPLICATE_MESSAGE_MS + 500, 'created_at');
    const second = await send(student, { ...message, SendAsEmail: true });
    expect(idOf(second)).not.toBe(idOf(sent));
    expect(await mailsTo(server, coach.email)).toHaveLength(2);

    await backdateMessage(server.db, idOf(sent), DUPLICATE_EMAIL_MS + 500, 'emailed_at');
    const later = await server.call('messages.php', 'send_message_as_email', { Id: idOf(second) }, as(student));
    expect(later.body).toEqual({ status: 'OK', emailed: true });
    expect(await mailsTo(server, coach.email)).toHaveLength(3);

    // Only the sender mails her message.
    const foreign = await server.call('messages.php', 'send_message_as_email', { Id: idOf(second) }, as(coach));
    expect(foreign.body.error_code).toBe('NOT_FOUND');
  });

  it('online status comes from the last poll, which is written at most every 30 s', async () => {
    const { coach, student } = await classroom();
    const lastSeen = async () =>
      (
        await server.db
          .selectFrom('users')
          .select(['last_seen_at', 'updated_at'])
          .where('id', '=', coach.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const online = async () =>
      (await send(student, { UserId: coach.id, Message: `<p>${Math.random()}</p>` })).body.createMessageResult
        .recipientOnlineStatus.data;

    expect(await online()).toBe(false);
    await poll(coach);
    const seen = await lastSeen();
    expect(seen).not.toBeNull();
    expect(await online()).toBe(true);
    await poll(coach);
    expect(await lastSeen()).toBe(seen);

    // A poll after the write interval records presence again; one older than a minute is offline.
    const stale = new Date(Date.now() - PRESENCE_WRITE_MS - 1000).toISOString();
    await server.db.updateTable('users').set({ last_seen_at: stale }).where('id', '=', coach.id).execute();
    await poll(coach);
    expect(Date.parse((await lastSeen()) as string)).toBeGreaterThan(Date.parse(stale));
    const gone = new Date(Date.now() - 61_000).toISOString();
    await server.db.updateTable('users').set({ last_seen_at: gone }).where('id', '=', coach.id).execute();
    expect(await online()).toBe(false);
  });

  it('system messages come from -1, only staff send them, and they cannot be replied to', async () => {
    const { site, student } = await classroom();
    const admin = await createPerson(server, site, 'admin');
    const notice = await send(admin, {
      UserId: student.id,
      SendAsNotification: true,
      Title: 'Welcome',
      Message: '<p>Your course starts today.</p>',
    });
    expect(notice.body.status).toBe('OK');
    const system = await poll(student, { FromUserId: -1 });
    expect(system.body.data).toEqual([
      expect.objectContaining({ Id: idOf(notice), FromUserId: -1, ToUserId: student.id, SenderFirstName: '' }),
    ]);
    expect((await poll(student)).body.data[0]?.FromUserId).toBe(-1);
    // Nothing in the admin's own conversation with the student: the system sent it.
    expect((await poll(admin, { FromUserId: student.id })).body.data).toEqual([]);

    const reply = await send(student, { UserId: -1, Message: '<p>Thanks</p>' });
    expect(reply.httpStatus).toBe(400);
    expect(reply.body).toMatchObject({
      error_code: 'SYSTEM_MESSAGE_NO_REPLY',
      message: 'System message - unable to reply!',
    });
    const forged = await send(student, { UserId: admin.id, SendAsNotification: true, Message: '<p>Hi</p>' });
    expect(forged.body.error_code).toBe('FORBIDDEN');
  });

  it('a system message records the staff member who sent it: staff are told who, the learner only the system', async () => {
    const { site, coach, student } = await classroom();
    const admin = await createPerson(server, site, 'admin', { firstName: 'Ada' });
    const toStudent = await send(admin, {
      UserId: student.id,
      SendAsNotification: true,
      Title: 'Schedule',
      Message: '<p>Live session on Friday.</p>',
    });
    const toCoach = await send(admin, {
      UserId: coach.id,
      SendAsNotification: true,
      Title: 'Schedule',
      Message: '<p>You host the live session on Friday.</p>',
    });
    const chat = await send(admin, { UserId: coach.id, Message: '<p>Thanks for hosting.</p>' });
    expect([toStudent, toCoach, chat].map((a) => a.body.status)).toEqual(['OK', 'OK', 'OK']);

    const stored = await server.db
      .selectFrom('messages')
      .select(['id', 'from_user_id', 'sent_by_user_id'])
      .where('site_id', '=', site.id)
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: idOf(toStudent), from_user_id: null, sent_by_user_id: admin.id },
      { id: idOf(toCoach), from_user_id: null, sent_by_user_id: admin.id },
      { id: idOf(chat), from_user_id: admin.id, sent_by_user_id: null },
    ]);

    // The learner's system message comes from the system, in the bell and in the system conversation alike.
    const learnerViews = [(await poll(student)).body.data, (await poll(student, { FromUserId: -1 })).body.data];
    for (const view of learnerViews) {
      expect(view).toEqual([
        expect.objectContaining({ Id: idOf(toStudent), FromUserId: -1, SentByUserId: null, SentByName: null }),
      ]);
    }
    // Staff are told who sent theirs; a chat message names its sender as always, with no SentBy.
    const coachBell = (await poll(coach)).body.data;
    expect(coachBell).toEqual([
      expect.objectContaining({ Id: idOf(chat), FromUserId: admin.id, SentByUserId: null, SentByName: null }),
      expect.objectContaining({ Id: idOf(toCoach), FromUserId: -1, SentByUserId: admin.id, SentByName: 'Ada Tester' }),
    ]);
    expect((await poll(coach, { FromUserId: -1 })).body.data).toEqual([
      expect.objectContaining({ Id: idOf(toCoach), SentByUserId: admin.id, SentByName: 'Ada Tester' }),
    ]);
  });

  it('a user reads, opens and removes only messages she sent or received', async () => {
    const { site, coach, student } = await classroom();
    const classmate = await createPerson(server, site);
    const otherSite = await createSite(server.db);
    const stranger = await createPerson(server, otherSite, 'coach');
    const sent = await send(student, { UserId: coach.id, Message: '<p>Private</p>' });
    const id = idOf(sent);

    expect((await poll(classmate, { UserId: student.id })).body.error_code).toBe('FORBIDDEN');
    expect((await poll(classmate, { FromUserId: student.id })).body.data).toEqual([]);
    expect((await poll(classmate, { UserId: -1 })).body.error_code).toBe('FORBIDDEN');
    await server.call('messages.php', 'mark_messages_as_opened', [{ Id: id }], as(classmate));
    await server.call('messages.php', 'mark_messages_as_opened', [{ Id: id }], as(student));
    expect((await poll(coach)).body.unopened).toBe(1);
    const removed = await server.call(
      'messages.php',
      'remove_message',
      { Id: id, UserId: classmate.id },
      as(classmate),
    );
    expect(removed.body.error_code).toBe('NOT_FOUND');
    const impersonated = await server.call('messages.php', 'remove_message', { Id: id, UserId: coach.id }, as(student));
    expect(impersonated.httpStatus).toBe(403);

    // Learners do not start conversations with each other; nobody writes across sites or to herself.
    expect((await send(classmate, { UserId: student.id, Message: '<p>Hi</p>' })).body.error_code).toBe('FORBIDDEN');
    expect((await send(student, { UserId: stranger.id, Message: '<p>Hi</p>' })).body.error_code).toBe('NOT_FOUND');
    expect((await send(student, { UserId: student.id, Message: '<p>Hi</p>' })).httpStatus).toBe(400);
    expect((await send(student, { FromUserId: coach.id, UserId: coach.id, Message: '<p>Hi</p>' })).httpStatus).toBe(
      403,
    );
    expect((await send(student, { Message: '<p>To nobody</p>' })).body.error_code).toBe('INVALID_REQUEST');

    // Removing takes it out of one's own view only.
    await server.call('messages.php', 'remove_message', { Id: id, UserId: student.id }, as(student));
    expect((await poll(student, { FromUserId: coach.id })).body.data).toEqual([]);
    expect((await poll(coach)).body.data.map((m: { Id: number }) => m.Id)).toEqual([id]);
    await server.call('messages.php', 'remove_message', { Id: id, UserId: coach.id }, as(coach));
    expect((await poll(coach)).body).toMatchObject({ data: [], unopened: 0 });

    const signedOut = await server.call('messages.php', 'get_messages', { UserId: student.id }, { site: site.name });
    expect(signedOut.httpStatus).toBe(401);
    expect(signedOut.body.status).toBe('UNAUTHORIZED');
  });

  it('the bell counts what a recount finds after every way a message is sent, opened, removed or deleted', async () => {
    const { site, coach, student } = await classroom();
    const admin = await createPerson(server, site, 'admin');
    /** The bell's count the way it is defined: messages to her (to the support inbox: -1) not opened, not removed. */
    const recount = async (recipient: number) =>
      Number(
        (
          await server.db
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('site_id', '=', site.id)
            .where('showed_at', 'is', null)
            .where((eb) =>
              recipient === -1
                ? eb.and([eb('to_user_id', 'is', null), eb('kind', '=', 'support')])
                : eb.and([eb('to_user_id', '=', recipient), eb('removed_by_recipient', '=', 0)]),
            )
            .executeTakeFirstOrThrow()
        ).n,
      );
    const expectBells = async (expected: { coach: number; student: number; support: number }) => {
      const bells = {
        coach: (await poll(coach)).body.unopened,
        student: (await poll(student)).body.unopened,
        support: (await poll(admin, { UserId: -1 })).body.unopened,
      };
      expect(bells).toEqual(expected);
      expect(bells).toEqual({
        coach: await recount(coach.id),
        student: await recount(student.id),
        support: await recount(-1),
      });
    };

    const first = idOf(await send(student, { UserId: coach.id, Message: '<p>One</p>' }));
    const second = idOf(await send(student, { UserId: coach.id, Message: '<p>Two</p>' }));
    const notice = idOf(await send(admin, { UserId: student.id, SendAsNotification: true, Message: '<p>News</p>' }));
    const help = await server.call('messages.php', 'send_support_message', { Message: '<p>Help</p>' }, as(student));
    await expectBells({ coach: 2, student: 1, support: 1 });

    // Opened twice, and opened by someone it is not to: counted off once.
    await server.call('messages.php', 'mark_messages_as_opened', [{ Id: first }, { Id: first }], as(coach));
    await server.call('messages.php', 'mark_messages_as_opened', [{ Id: second }], as(student));
    await expectBells({ coach: 1, student: 1, support: 1 });
    // Removed by its sender: still unopened for its recipient; removed by its recipient unopened: off the count.
    await server.call('messages.php', 'remove_message', { Id: second, UserId: student.id }, as(student));
    await expectBells({ coach: 1, student: 1, support: 1 });
    await server.call('messages.php', 'remove_message', { Id: second, UserId: coach.id }, as(coach));
    await server.call('messages.php', 'remove_message', { Id: notice, UserId: student.id }, as(student));
    await expectBells({ coach: 0, student: 0, support: 1 });
    await server.call('messages.php', 'mark_messages_as_opened', [{ Id: help.body.data.Id }], as(admin));
    await expectBells({ coach: 0, student: 0, support: 0 });

    // A user deleted takes her messages with her (the foreign keys cascade), and they leave the counts.
    await send(coach, { UserId: student.id, Message: '<p>Three</p>' });
    await send(coach, { UserId: student.id, Message: '<p>Four</p>' });
    await expectBells({ coach: 0, student: 2, support: 0 });
    const leaver = await createPerson(server, site, 'coach');
    await send(leaver, { UserId: student.id, Message: '<p>Bye</p>' });
    await expectBells({ coach: 0, student: 3, support: 0 });
    await server.db.deleteFrom('users').where('id', '=', leaver.id).execute();
    await expectBells({ coach: 0, student: 2, support: 0 });
  });

  it('tech support: a message to the support inbox and a task of type 9 without owner, once per double click', async () => {
    const { site, course, coach, student } = await classroom();
    const support = (html: string) =>
      server.call('messages.php', 'send_support_message', { Message: html, CourseId: course.id }, as(student));
    // Sent twice at once: both wait at the sender's row, and the second finds the first.
    const [first, second] = await whileRowLocked(server, { table: 'users', id: student.id }, () =>
      Promise.all([support('<p>The video is <em>silent</em>.</p>'), support('<p>The video is <em>silent</em>.</p>')]),
    );
    expect(first.body.status).toBe('OK');
    expect(second.body.data).toEqual(first.body.data);
    for (const empty of ['<p></p>', '<p>   </p>']) expect((await support(empty)).body.error_code).toBe('EMPTY_MESSAGE');

    const inbox = await poll(coach, { UserId: -1 });
    expect(inbox.body.unopened).toBe(1);
    expect(inbox.body.data).toEqual([
      expect.objectContaining({ Id: first.body.data.Id, FromUserId: student.id, ToUserId: -1, course_id: course.id }),
    ]);
    expect((await poll(coach, { UserId: -1, FromUserId: student.id })).body.data).toHaveLength(1);
    await server.call('messages.php', 'mark_messages_as_opened', [{ Id: first.body.data.Id }], as(coach));
    expect((await poll(coach, { UserId: -1 })).body.unopened).toBe(0);

    const task = await server.call('tasks.php', 'get_task', { Id: first.body.data.TaskId }, as(coach));
    expect(task.body.data).toMatchObject({
      TaskType: 9,
      TaskOwner: -1,
      UserId: student.id,
      UserRealName: 'Stina Tester',
      CourseId: course.id,
      CourseName: course.name,
      Description: 'The video is silent.',
      CompleteTheTask: false,
    });
    const signedOut = await server.call(
      'messages.php',
      'send_support_message',
      { Message: '<p>x</p>' },
      { site: site.name },
    );
    expect(signedOut.httpStatus).toBe(401);
  });

  it('course references and coaches: the first coach first, only for those who may open the course', async () => {
    const { site, course, coach, student } = await classroom();
    const second = await createPerson(server, site, 'coach', { firstName: 'Bo' });
    await addCoach(server.db, { site, course, user: second, sortId: 0 });
    const coaches = await server.call(
      'coach_manager.php',
      'get_coaches',
      { CourseId: course.id, PostType: 2 },
      as(student),
    );
    expect(coaches.body.data).toEqual([
      { UserId: second.id, FirstName: 'Bo', LastName: 'Tester' },
      { UserId: coach.id, FirstName: 'Carla', LastName: 'Tester' },
    ]);
    const bothCoaches = await send(student, {
      SendToCourseCoaches: true,
      CourseId: course.id,
      Message: '<p>Hello</p>',
    });
    expect((await poll(second)).body.data[0]?.Id).toBe(idOf(bothCoaches));
    expect((await poll(coach)).body.data).toHaveLength(1);

    const other = await createCourse(server.db, { site });
    const outsider = await server.call('coach_manager.php', 'get_coaches', { CourseId: other.id }, as(student));
    expect(outsider.body.error_code).toBe('NO_COURSE_ACCESS');
    const named = await server.call(
      'coach_manager.php',
      'get_coaches',
      { CourseId: course.id, UserId: coach.id },
      as(student),
    );
    expect(named.httpStatus).toBe(403);
    expect(
      (await send(student, { SendToCourseCoaches: true, CourseId: other.id, Message: '<p>x</p>' })).body.error_code,
    ).toBe('NO_COURSE_ACCESS');
    await grantAccess(server.db, { site, course: other, user: student });
    const noCoach = await send(student, { SendToCourseCoaches: true, CourseId: other.id, Message: '<p>x</p>' });
    expect(noCoach.body).toMatchObject({ error_code: 'NO_COACH' });
    expect(noCoach.httpStatus).toBe(409);
    expect((await send(student, { UserId: coach.id, CourseId: 999_999, Message: '<p>x</p>' })).body.error_code).toBe(
      'NOT_FOUND',
    );
    const wrongPart = await send(student, {
      UserId: coach.id,
      CourseId: other.id,
      CoursePartId: course.partIds[0],
      Message: '<p>x</p>',
    });
    expect(wrongPart.body.error_code).toBe('NOT_FOUND');
  });
});
