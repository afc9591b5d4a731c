import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOGIN_ATTEMPTS } from '../../src/shared/domain/identity/accounts';
import { createSite, createUser, signIn, signInAs } from '../factories';
import { addCoach, as, createPerson } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/** Two servers over one database behave as one: nothing that matters lives in a process. */
describe.each(dialects)('two server processes on one %s database', (dialect) => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer(dialect);
    second = await startTestServer(dialect, {}, first);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('evaluates no more than the maximum of concurrent wrong sign-ins spread over both', async () => {
    const site = await createSite(first.db);
    const user = await createUser(first.db, { site });
    // Both servers of this test live in one process, and so share its limit of password work under way per source:
    // a request refused for that (TOO_MANY_REQUESTS, before anything is counted) is sent again, in the next wave.
    const answers: Awaited<ReturnType<typeof first.call>>[] = [];
    for (let wave = 0, refused = 40; refused > 0 && wave < 20; wave++) {
      const sent = await Promise.all(
        Array.from({ length: refused }, (_, i) =>
          (i % 2 ? first : second).call(
            'login.php',
            'sign_in',
            { email: user.email, password: 'wrong password 9' },
            { site: site.name },
          ),
        ),
      );
      answers.push(...sent.filter((a) => a.body.error_code !== 'TOO_MANY_REQUESTS'));
      refused = 40 - answers.length;
    }
    expect(answers).toHaveLength(40);
    expect(answers.filter((a) => a.body.attempt !== undefined)).toHaveLength(MAX_LOGIN_ATTEMPTS);
    const right = await signIn(second, site, user.email, user.password);
    expect(right.body.error_code).toBe('TEMPORARILY_LOCKED');
  });

  it('a message sent through one is received polling the other, and both tell the same online status', async () => {
    const site = await createSite(first.db);
    const course = await createCourse(first.db, { site });
    const coach = await createPerson(first, site, 'coach');
    const student = await createPerson(first, site);
    await addCoach(first.db, { site, course, user: coach });
    await grantAccess(first.db, { site, course, user: student });
    const onlineVia = async (server: typeof first, text: string) =>
      (
        await server.call(
          'messages.php',
          'submit_message',
          { FromUserId: coach.id, UserId: student.id, Message: `<p>${text}</p>` },
          as(coach),
        )
      ).body.createMessageResult.recipientOnlineStatus.data;

    // The student has not polled yet: offline on both.
    expect([await onlineVia(first, 'one'), await onlineVia(second, 'two')]).toEqual([false, false]);
    const polled = await second.call('messages.php', 'get_messages', { UserId: student.id }, as(student));
    expect(polled.body.data.map((m: { Message: string }) => m.Message)).toEqual(['<p>two</p>', '<p>one</p>']);
    expect([await onlineVia(first, 'three'), await onlineVia(second, 'four')]).toEqual([true, true]);

    // The student asks through the first; the coach, polling the second with LastDate, receives it.
    const since = (await second.call('messages.php', 'get_messages', { UserId: coach.id }, as(coach))).body.datetime;
    const asked = await first.call(
      'messages.php',
      'submit_message',
      { FromUserId: student.id, SendToCourseCoaches: true, CourseId: course.id, Message: '<p>Help?</p>' },
      as(student),
    );
    expect(asked.body.createMessageResult.recipientOnlineStatus.data).toBe(true);
    const increment = await second.call(
      'messages.php',
      'get_messages',
      { UserId: coach.id, LastDate: since },
      as(coach),
    );
    expect(increment.body.data.map((m: { Id: number }) => m.Id)).toContain(asked.body.createMessageResult.data.Id);
    expect(increment.body.unopened).toBe(1);
  });

  it('a session opened through one is known to the other, and signing out through it ends it on both', async () => {
    const site = await createSite(first.db);
    const user = await createUser(first.db, { site });
    const token = await signInAs(first, site, user);
    const seen = await second.call('auth.php', 'auth_user', { token }, { site: site.name, token });
    expect(seen.body.data.Id).toBe(user.id);
    await second.call('login.php', 'sign_out', { token }, { site: site.name, token });
    const after = await first.call('auth.php', 'auth_user', { token }, { site: site.name, token });
    expect(after.body.status).toBe('UNAUTHORIZED');
  });
});
