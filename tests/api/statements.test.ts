import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createNews, createSite, createUser, signInAs } from '../factories';
import { createCourse, grantAccess, question } from '../factories/courses';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/**
 * How many SQL statements one request of a hot call runs, on a warm server (the site lookup is cached). A
 * change that adds a statement to a call every client makes every few seconds should be a decision, not an
 * accident: it fails here. Each later hot call adds its line.
 */
describe.each(dialects)('statements per hot call on %s', (dialect) => {
  let server: TestServer;
  let site: { id: number; name: string };
  let student: { id: number; token: string };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    site = await createSite(server.db);
    await createNews(server.db, { site });
    const user = await createUser(server.db, { site });
    student = { id: user.id, token: await signInAs(server, site, user) };
  });
  afterAll(() => server.close());

  /** The statements of one call, made once before so that only the per-request work is counted. */
  async function statementsOf(run: () => Promise<{ httpStatus: number }>): Promise<string[]> {
    expect((await run()).httpStatus).toBe(200);
    return server.countStatements(async () => {
      expect((await run()).httpStatus).toBe(200);
    });
  }

  it('auth_user: the session joined with its user, in one statement', async () => {
    // As the client sends it: the token in the data and in the Authorization header.
    const statements = await statementsOf(() =>
      server.call(
        'auth.php',
        'auth_user',
        { token: student.token, access: {} },
        { site: site.name, token: student.token },
      ),
    );
    expect(statements).toHaveLength(1);
  });

  it('auth_user of a company member: one more for the company name', async () => {
    const company = await createCompany(server.db, { site, name: 'Acme' });
    const user = await createUser(server.db, { site, companyId: company.id });
    const token = await signInAs(server, site, user);
    const statements = await statementsOf(() =>
      server.call('auth.php', 'auth_user', { token, access: {} }, { site: site.name, token }),
    );
    expect(statements).toHaveLength(2);
  });

  it('get_latest_news for a signed-in user: the session, then the latest item with whether the user closed it', async () => {
    const statements = await statementsOf(() =>
      server.call('news.php', 'get_latest_news', { user_id: student.id }, { site: site.name, token: student.token }),
    );
    expect(statements).toHaveLength(2);
  });

  it('get_latest_news signed out: the latest item only', async () => {
    const statements = await statementsOf(() =>
      server.call('news.php', 'get_latest_news', { user_id: null }, { site: site.name }),
    );
    expect(statements).toHaveLength(1);
  });

  it('get_messages polling with nothing new: the session, then the bell count and the increment in one', async () => {
    const poll = (LastDate: string | null) =>
      server.call(
        'messages.php',
        'get_messages',
        { UserId: student.id, IsChat: false, LastDate, page: 1, limit: 25 },
        { site: site.name, token: student.token },
      );
    const { body } = await poll(null);
    // The first poll recorded her presence; the next ones within 30 s write nothing.
    const statements = await statementsOf(() => poll(body.datetime));
    expect(statements).toHaveLength(2);
  });

  it('get_messages with something new: one more, for the page of messages with their senders', async () => {
    const coach = await createUser(server.db, { site, role: 'coach' });
    const token = await signInAs(server, site, coach);
    const sent = await server.call(
      'messages.php',
      'submit_message',
      { FromUserId: coach.id, UserId: student.id, Message: '<p>Hello</p>' },
      { site: site.name, token },
    );
    expect(sent.body.status).toBe('OK');
    const statements = await statementsOf(() =>
      server.call(
        'messages.php',
        'get_messages',
        { UserId: student.id, LastDate: new Date(Date.now() - 60_000).toISOString(), page: 1, limit: 25 },
        { site: site.name, token: student.token },
      ),
    );
    expect(statements).toHaveLength(3);
  });

  it('get_course of a course with many parts: a fixed number of statements, whatever its size', async () => {
    const parts = Array.from({ length: 40 }, () => ({
      blocks: [
        { type: 'Text' as const, content: { html: '<p>Text</p>' } },
        { type: 'Quiz' as const, content: { intro: '', questions: [question('q')] } },
      ],
    }));
    const small = await createCourse(server.db, { site, parts: parts.slice(0, 2), achievements: [5] });
    const large = await createCourse(server.db, { site, parts, achievements: [5, 10, 20] });
    for (const course of [small, large]) await grantAccess(server.db, { site, course, user: student });
    const counts = [];
    for (const course of [small, large]) {
      const call = () =>
        server.call(
          'course.php',
          'get_course',
          { UserId: student.id, CourseId: course.id },
          { site: site.name, token: student.token },
        );
      // The first call presents the course's structure; the next ones find it kept for the course's version.
      const first = await server.countStatements(call);
      counts.push(first.length, (await statementsOf(call)).length);
    }
    // Every call: the session; the course with the learner's access, course progress, certificate, the lock's
    // holder, her part progress, rewards and quiz results, the coaches and the achievements, in one. The first
    // call of a version also reads the parts, the blocks and the version again (and the blocks' media, when there
    // are any; the first in the process, the media links' key).
    expect(counts).toEqual([6, 2, 5, 2]);
  });
});
