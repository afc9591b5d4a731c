import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/server/seed/factories';
import { createSite, createUser } from '../factories';
import { createPerson } from '../factories/coaching';
import { createCourse, createMedia, grantAccess, question } from '../factories/courses';
import { blockOf, nth } from '../support/answers';
import { callForm } from '../support/api';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('course.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const signedIn = (site: { id: number; name: string }, role: Role = 'student') => createPerson(server, site, role);

  const getCourse = (site: { name: string }, user: { id: number; token: string }, courseId: number) =>
    server.call(
      'course.php',
      'get_course',
      { UserId: user.id, CourseId: courseId, UserType: 1 },
      { site: site.name, token: user.token },
    );

  /** A course with one part of every visibility, a quiz and a mentor-only block. */
  async function mixedCourse(site: { id: number }) {
    return createCourse(server.db, {
      site,
      parts: [
        {
          name: 'Open',
          blocks: [
            { type: 'Text', content: { html: '<p>Hello</p>' } },
            { type: 'Quiz', content: { intro: '', questions: [question('q1', 3)] } },
            { type: 'Text', mentorOnly: true, content: { html: '<p>For coaches</p>' } },
            { type: 'Post', post: 1 },
            { type: 'Post', post: 2 },
          ],
        },
        { name: 'Episode' },
        { name: 'Draft', published: false },
        { name: 'Mentors', mentorOnly: true },
        { name: 'Later', publishInDays: 3 },
        { name: 'Earlier', publishInDays: -1 },
      ],
    });
  }

  it('a learner receives only published, due, non-mentor parts and blocks, and no answers', async () => {
    const site = await createSite(server.db);
    const course = await mixedCourse(site);
    const student = await signedIn(site);
    await grantAccess(server.db, { site, course, user: student });

    const { httpStatus, body } = await getCourse(site, student, course.id);
    expect(httpStatus).toBe(200);
    const data = nth(body.data);
    expect(data.CourseParts.map((p: { Name: string }) => p.Name)).toEqual(['Open', 'Episode', 'Earlier']);
    const open = nth(data.CourseParts);
    expect(open.Blocks.map((b: { BlockType: string }) => b.BlockType)).toEqual(['Text', 'Quiz', 'Post']);
    // The Post block to the draft is gone with the draft; the one to the episode carries its name.
    expect(open.Blocks[2]).toMatchObject({ BlockType: 'Post', PostId: course.partIds[1], PostName: 'Episode' });
    const quiz = blockOf(open, 1, 'Quiz').Content;
    expect(quiz.questions[0]?.options).toHaveLength(3);
    expect(quiz.questions[0]).not.toHaveProperty('correct');
    expect(JSON.stringify(body)).not.toContain('For coaches');
    expect(data).toMatchObject({ progress_percent: 0, CourseProgressEvent: 1, XpPerReward: 5, Certificate: null });
  });

  it('answers gzip to a client that takes it: the same course as the text answer, a fraction of its size', async () => {
    const site = await createSite(server.db);
    const mixed = await mixedCourse(site);
    const parts = Array.from({ length: 30 }, (_, i) => ({
      name: `Lesson ${i}`,
      blocks: [
        {
          type: 'Text' as const,
          content: { html: `<h2>Lesson ${i}</h2><p>Scales, chords and the circle of fifths.</p>` },
        },
        ...(i % 10 === 3 ? [{ type: 'Quiz' as const, content: { intro: '', questions: [question(`q${i}`, 3)] } }] : []),
      ],
    }));
    const course = await createCourse(server.db, { site, parts: [{ name: 'Start', blocks: [] }, ...parts] });
    const student = await signedIn(site);
    await grantAccess(server.db, { site, course, user: student });
    await grantAccess(server.db, { site, course: mixed, user: student });
    // Her answer to one quiz, and progress on a few parts: what differs per viewer between the kept parts.
    const answered = await server.call(
      'course_progress.php',
      'submit_answers',
      {
        UserId: student.id,
        CourseId: course.id,
        CoursePartId: nth(course.partIds, 4),
        BlockId: nth(course.blockIds[4], 1),
        Answers: { q3: ['q3-0'] },
      },
      { site: site.name, token: student.token },
    );
    expect(answered.body.status).toBe('OK');
    for (const index of [1, 2, 7]) {
      const visited = await server.call(
        'course_progress.php',
        'updateCourseProgressVideoPlay',
        { UserId: student.id, CourseId: course.id, CoursePartId: nth(course.partIds, index) },
        { site: site.name, token: student.token },
      );
      expect(visited.body.status).toBe('OK');
    }

    const raw = async (courseId: number, acceptEncoding: string | null) => {
      const response = await rawPost(
        `${server.url}/api/backend/course.php`,
        {
          site: site.name,
          authorization: student.token,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
        callForm('get_course', JSON.stringify({ UserId: student.id, CourseId: courseId, UserType: 1 })).toString(),
      );
      expect(response.status).toBe(200);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      return response;
    };
    for (const courseId of [course.id, mixed.id]) {
      const text = await raw(courseId, null);
      expect(text.headers['content-encoding']).toBeUndefined();
      const refused = await raw(courseId, 'gzip;q=0, identity');
      expect(refused.headers['content-encoding']).toBeUndefined();
      const zipped = await raw(courseId, 'gzip, deflate, br, zstd');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      const answer = JSON.parse(text.body.toString()) as { data: { CourseParts: unknown[] }[] };
      expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(answer);
      expect(JSON.parse(refused.body.toString())).toEqual(answer);
      expect(nth(answer.data).CourseParts.length).toBeGreaterThan(2);
      if (courseId === course.id) expect(zipped.body.length).toBeLessThan(text.body.length / 3);
    }
  });

  it('staff receive every part and block, marked, with the answers', async () => {
    const site = await createSite(server.db);
    const course = await mixedCourse(site);
    for (const role of ['coach', 'admin'] as const) {
      const staff = await signedIn(site, role);
      const { body } = await getCourse(site, staff, course.id);
      const parts = nth(body.data).CourseParts;
      expect(parts.map((p: { Name: string }) => p.Name)).toEqual([
        'Open',
        'Episode',
        'Draft',
        'Mentors',
        'Later',
        'Earlier',
      ]);
      expect(parts[2]?.Published).toBe(false);
      expect(parts[3]?.MentorOnly).toBe(true);
      expect(parts[4]?.PublishDate).not.toBeNull();
      expect(parts[0]?.Blocks).toHaveLength(5);
      expect(blockOf(parts[0], 1, 'Quiz').Content.questions[0]?.correct).toEqual(['q1-0']);
    }
  });

  it('without access a learner is refused; another site, another user id and no session too', async () => {
    const site = await createSite(server.db);
    const other = await createSite(server.db);
    const course = await createCourse(server.db, { site });
    const elsewhere = await createCourse(server.db, { site: other });
    const student = await signedIn(site);

    const refused = await getCourse(site, student, course.id);
    expect(refused.httpStatus).toBe(403);
    expect(refused.body).toMatchObject({ status: 'ERROR', error_code: 'NO_COURSE_ACCESS' });

    // Staff of another site do not see this site's course, nor its existence.
    const foreignAdmin = await signedIn(other, 'admin');
    expect((await getCourse(other, foreignAdmin, course.id)).body.error_code).toBe('NOT_FOUND');
    expect((await getCourse(site, student, elsewhere.id)).body.error_code).toBe('NOT_FOUND');

    await grantAccess(server.db, { site, course, user: student });
    const classmate = await signedIn(site);
    const asOther = await server.call(
      'course.php',
      'get_course',
      { UserId: classmate.id, CourseId: course.id },
      { site: site.name, token: student.token },
    );
    expect(asOther.httpStatus).toBe(403);
    const anonymous = await server.call(
      'course.php',
      'get_course',
      { UserId: student.id, CourseId: course.id },
      { site: site.name },
    );
    expect(anonymous.body.status).toBe('UNAUTHORIZED');
  });

  it('auth_user answers CourseAccess 1 or 0, and expired or unpublished access is 0', async () => {
    const site = await createSite(server.db);
    const open = await createCourse(server.db, { site });
    const expired = await createCourse(server.db, { site });
    const hidden = await createCourse(server.db, { site, published: false });
    const closed = await createCourse(server.db, { site });
    const student = await signedIn(site);
    await grantAccess(server.db, { site, course: open, user: student });
    await grantAccess(server.db, { site, course: expired, user: student, expiresAt: new Date(Date.now() - 60_000) });
    await grantAccess(server.db, { site, course: hidden, user: student });

    const accessTo = async (courseId: number) =>
      (
        await server.call(
          'auth.php',
          'auth_user',
          { access: { CourseId: courseId } },
          { site: site.name, token: student.token },
        )
      ).body.CourseAccess;
    expect(await accessTo(open.id)).toBe(1);
    expect(await accessTo(expired.id)).toBe(0);
    expect(await accessTo(hidden.id)).toBe(0);
    expect(await accessTo(closed.id)).toBe(0);
    expect(await accessTo(999_999)).toBe(0);
    const coach = await signedIn(site, 'coach');
    const staffAccess = await server.call(
      'auth.php',
      'auth_user',
      { access: { CourseId: closed.id } },
      { site: site.name, token: coach.token },
    );
    expect(staffAccess.body.CourseAccess).toBe(1);
  });

  it('get_my_courses lists the courses a learner may open with progress and status', async () => {
    const site = await createSite(server.db);
    const fresh = await createCourse(server.db, { site, name: 'Fresh', parts: [{}, {}] });
    const started = await createCourse(server.db, { site, name: 'Started', parts: [{}, {}] });
    const done = await createCourse(server.db, { site, name: 'Done', parts: [{}] });
    await createCourse(server.db, { site, name: 'Not mine' });
    const student = await signedIn(site);
    for (const course of [fresh, started, done]) await grantAccess(server.db, { site, course, user: student });
    const play = (course: { id: number; partIds: number[] }) =>
      server.call(
        'course_progress.php',
        'updateCourseProgressVideoPlay',
        { UserId: student.id, CourseId: course.id, CoursePartId: nth(course.partIds) },
        { site: site.name, token: student.token },
      );
    await play(started);
    await play(done);

    const { body } = await server.call(
      'course.php',
      'get_my_courses',
      { UserId: student.id },
      { site: site.name, token: student.token },
    );
    expect(
      body.data.map((c: { Name: string; Status: string; progress_percent: number }) => [
        c.Name,
        c.Status,
        c.progress_percent,
      ]),
    ).toEqual([
      ['Fresh', 'not_started', 0],
      ['Started', 'in_progress', 50],
      ['Done', 'completed', 100],
    ]);
    const coach = await signedIn(site, 'coach');
    const all = await server.call(
      'course.php',
      'get_my_courses',
      { UserId: coach.id },
      { site: site.name, token: coach.token },
    );
    expect(all.body.data).toHaveLength(4);
  });

  it('free lessons are open to everyone, only free parts of published courses, by category', async () => {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, {
      site,
      category: 'Guitar',
      parts: [
        { name: 'Free one', free: true, blocks: [{ type: 'Text', content: { html: '<p>Free text</p>' } }] },
        { name: 'Paid one' },
        { name: 'Free draft', free: true, published: false },
      ],
    });
    await createCourse(server.db, { site, category: 'Piano', parts: [{ name: 'Free piano', free: true }] });
    await createCourse(server.db, { site, published: false, parts: [{ name: 'Free hidden', free: true }] });

    const all = await server.call('course.php', 'get_free_lessons', {}, { site: site.name });
    expect(all.body.data.map((l: { Name: string }) => l.Name)).toEqual(['Free one', 'Free piano']);
    expect(all.body.categories).toEqual(['Guitar', 'Piano']);
    const guitar = await server.call('course.php', 'get_free_lessons', { category: 'guitar' }, { site: site.name });
    expect(guitar.body.data.map((l: { Name: string }) => l.Name)).toEqual(['Free one']);

    const lesson = await server.call(
      'course.php',
      'get_free_lesson',
      { CourseId: course.id, PartId: nth(course.partIds) },
      { site: site.name },
    );
    expect(blockOf(lesson.body.data.Part, 0, 'Text').Content.html).toBe('<p>Free text</p>');
    for (const partId of [nth(course.partIds, 1), nth(course.partIds, 2)]) {
      const refused = await server.call(
        'course.php',
        'get_free_lesson',
        { CourseId: course.id, PartId: partId },
        { site: site.name },
      );
      expect(refused.body.error_code).toBe('NOT_FOUND');
    }
  });

  it('course media are served by signed links that answer Range requests, and refuse tampering', async () => {
    const site = await createSite(server.db);
    const media = await createMedia(server.db, { config: server.config, site, kind: 'video', mimeType: 'video/webm' });
    const course = await createCourse(server.db, {
      site,
      parts: [{ blocks: [{ type: 'Video', content: { mediaId: media.id, durationSeconds: 3 } }] }],
    });
    const student = await signedIn(site);
    await grantAccess(server.db, { site, course, user: student });
    const { body } = await getCourse(site, student, course.id);
    const url = blockOf(nth(nth(body.data).CourseParts), 0, 'Video').Content.url ?? '';
    expect(url).toMatch(/^\/media\/\d+\?e=\d+&s=/);

    const whole = await fetch(`${server.url}${url}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(media.bytes);
    const range = await fetch(`${server.url}${url}`, { headers: { range: 'bytes=10-19' } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('0123456789');

    const tampered = url.replace(/s=(.)/, (_, c: string) => `s=${c === 'A' ? 'B' : 'A'}`);
    expect((await fetch(`${server.url}${tampered}`)).status).toBe(403);
    const otherFile = url.replace(/^\/media\/\d+/, `/media/${media.id + 1000}`);
    expect((await fetch(`${server.url}${otherFile}`)).status).toBe(404);
    const expired = url.replace(/e=\d+/, 'e=1000');
    expect((await fetch(`${server.url}${expired}`)).status).toBe(403);
  });

  it('staff grant and revoke access; a learner may not', async () => {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, { site });
    const student = await signedIn(site);
    const coach = await signedIn(site, 'coach');
    const grant = (token: string) =>
      server.call(
        'course_admin.php',
        'grant_course_access',
        { CourseId: course.id, UserId: student.id },
        { site: site.name, token },
      );

    expect((await grant(student.token)).httpStatus).toBe(403);
    expect((await getCourse(site, student, course.id)).httpStatus).toBe(403);
    expect((await grant(coach.token)).body.status).toBe('OK');
    expect((await grant(coach.token)).body.status).toBe('OK');
    expect((await getCourse(site, student, course.id)).httpStatus).toBe(200);
    const revoke = await server.call(
      'course_admin.php',
      'revoke_course_access',
      { CourseId: course.id, UserId: student.id },
      { site: site.name, token: coach.token },
    );
    expect(revoke.body.status).toBe('OK');
    expect((await getCourse(site, student, course.id)).httpStatus).toBe(403);

    const other = await createSite(server.db);
    const stranger = await createUser(server.db, { site: other });
    const crossSite = await server.call(
      'course_admin.php',
      'grant_course_access',
      { CourseId: course.id, UserId: stranger.id },
      { site: site.name, token: coach.token },
    );
    expect(crossSite.body.error_code).toBe('NOT_FOUND');
  });
});

/** A POST of a form with exactly these headers, its answer's bytes as they came (no decoding). */
function rawPost(url: string, headers: Record<string, string>, form: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(form);
  });
}
