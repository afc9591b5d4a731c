import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../factories';
import { createPerson } from '../factories/coaching';
import { createCourse, grantAccess, question } from '../factories/courses';
import { blockOf, nth } from '../support/answers';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('course_progress.php and certificates on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  interface Learner {
    id: number;
    token: string;
    site: { id: number; name: string };
  }

  async function learnerOf(course: { id: number }, site: { id: number; name: string }): Promise<Learner> {
    const learner = await createPerson(server, site);
    await grantAccess(server.db, { site, course, user: learner });
    return learner;
  }

  const as = (learner: Learner) => ({ site: learner.site.name, token: learner.token });
  const play = (learner: Learner, courseId: number, partId: number) =>
    server.call(
      'course_progress.php',
      'updateCourseProgressVideoPlay',
      { UserId: learner.id, CourseId: courseId, CoursePartId: partId },
      as(learner),
    );
  const reward = (learner: Learner, courseId: number, partId: number) =>
    server.call(
      'course_progress.php',
      'save_reward',
      { user_id: learner.id, course_id: courseId, course_part_id: partId },
      as(learner),
    );
  const totalXp = async (learner: Learner) =>
    (await server.call('auth.php', 'auth_user', {}, as(learner))).body.data.TotalXp as number;

  it('a reward box gives the course xp once, even when submitted many times at once', async () => {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, { site, xpPerReward: 7, parts: [{}, {}], achievements: [7, 14, 100] });
    const learner = await learnerOf(course, site);

    const answers = await Promise.all(Array.from({ length: 6 }, () => reward(learner, course.id, nth(course.partIds))));
    expect(answers.every((a) => a.body.status === 'OK')).toBe(true);
    expect(answers.map((a) => nth(a.body.data).earned_xp).sort()).toEqual([0, 0, 0, 0, 0, 7]);
    expect(new Set(answers.map((a) => nth(a.body.data).reward_id)).size).toBe(1);
    expect(await totalXp(learner)).toBe(7);
    expect(nth(answers.find((a) => nth(a.body.data).earned_xp === 7)?.body.data).achievement).toMatchObject({
      title: 'Reach 7 xp',
      required_xp: 7,
    });

    const second = await reward(learner, course.id, nth(course.partIds, 1));
    expect(nth(second.body.data)).toMatchObject({ TotalXp: 14, earned_xp: 7, achievement: { required_xp: 14 } });
    const { body } = await server.call(
      'course.php',
      'get_course',
      { UserId: learner.id, CourseId: course.id },
      as(learner),
    );
    expect(nth(body.data).CourseParts.map((p: { reward_id: number | null }) => p.reward_id !== null)).toEqual([
      true,
      true,
    ]);
    expect(nth(body.data).CourseXp).toBe(14);
    expect(nth(body.data).Achievements.map((a: { earned: boolean }) => a.earned)).toEqual([true, true, false]);
  });

  it('no reward box where the course gives xp on progress, nor for a user who does not collect xp', async () => {
    const site = await createSite(server.db);
    const onProgress = await createCourse(server.db, { site, progressEvent: 2 });
    const learner = await learnerOf(onProgress, site);
    const refused = await reward(learner, onProgress.id, nth(onProgress.partIds));
    expect(refused.httpStatus).toBe(409);
    expect(refused.body.error_code).toBe('REWARD_NOT_AVAILABLE');

    const boxes = await createCourse(server.db, { site });
    const noXp = await learnerOf(boxes, site);
    await server.db.updateTable('users').set({ collect_xp: 0 }).where('id', '=', noXp.id).execute();
    expect((await reward(noXp, boxes.id, nth(boxes.partIds))).body.error_code).toBe('REWARD_NOT_AVAILABLE');
    expect(await totalXp(noXp)).toBe(0);
  });

  it('a video play adds progress once; on progress event 2 it gives xp once, even after a reset and replay', async () => {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, {
      site,
      progressEvent: 2,
      xpPerReward: 10,
      parts: [{ criteria: 'video' }, { criteria: 'video' }, { criteria: 'visit' }, { criteria: 'none' }],
      achievements: [10],
    });
    const learner = await learnerOf(course, site);

    const first = await play(learner, course.id, nth(course.partIds));
    expect(first.body).toMatchObject({
      status: 'OK',
      addedProgress: true,
      total_xp: 10,
      earned_xp: 10,
      data: [{ progress_percent: 33, achievement: { required_xp: 10 }, certificate_generated: false }],
    });
    const replay = await play(learner, course.id, nth(course.partIds));
    expect(replay.body).toMatchObject({
      addedProgress: false,
      earned_xp: 0,
      total_xp: 10,
      data: [{ progress_percent: 33, achievement: null }],
    });

    const reset = await server.call(
      'course_progress.php',
      'reset_episode_progress',
      { UserId: learner.id, CourseId: course.id, PostId: nth(course.partIds) },
      as(learner),
    );
    expect(reset.body).toEqual({ status: 'OK', cp: { progress_percent: 0 } });
    const { body } = await server.call(
      'course.php',
      'get_course',
      { UserId: learner.id, CourseId: course.id },
      as(learner),
    );
    expect(nth(nth(body.data).CourseParts)).toMatchObject({ VideoPlay: 0, Completed: false });
    const again = await play(learner, course.id, nth(course.partIds));
    expect(again.body).toMatchObject({
      addedProgress: true,
      earned_xp: 0,
      total_xp: 10,
      data: [{ progress_percent: 33 }],
    });

    // A part counted as `none` is not completed by playing it.
    const notCounted = await play(learner, course.id, nth(course.partIds, 3));
    expect(notCounted.body.error_code).toBe('NOT_COMPLETABLE');
  });

  it('the certificate appears exactly at completion, with its expiry, and downloads as a PDF', async () => {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, {
      site,
      name: 'Sound design',
      certificateMonths: 12,
      parts: [{}, {}],
    });
    const learner = await learnerOf(course, site);
    const certificates = async (who: Learner) =>
      (await server.call('certificates.php', 'get_certificates', { UserId: who.id }, as(who))).body.data;

    const half = await play(learner, course.id, nth(course.partIds));
    expect(nth(half.body.data)).toMatchObject({ progress_percent: 50, certificate_generated: false });
    expect(await certificates(learner)).toEqual([]);

    const before = Date.now();
    const full = await play(learner, course.id, nth(course.partIds, 1));
    expect(nth(full.body.data)).toMatchObject({ progress_percent: 100, certificate_generated: true });
    const certificate = nth(await certificates(learner));
    expect(certificate).toMatchObject({ CourseId: course.id, CourseName: 'Sound design', Expired: false });
    const issued = new Date(certificate.IssuedAt);
    expect(issued.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const expires = new Date(certificate.ExpiresAt ?? '');
    expect(
      expires.getUTCFullYear() * 12 + expires.getUTCMonth() - (issued.getUTCFullYear() * 12 + issued.getUTCMonth()),
    ).toBe(12);

    // Resetting and completing again issues nothing new.
    await server.call(
      'course_progress.php',
      'reset_episode_progress',
      { UserId: learner.id, CourseId: course.id, PostId: nth(course.partIds, 1) },
      as(learner),
    );
    const again = await play(learner, course.id, nth(course.partIds, 1));
    expect(nth(again.body.data).certificate_generated).toBe(false);
    expect(await certificates(learner)).toHaveLength(1);

    const pdf = await server.call('certificates.php', 'download_certificate', { Id: certificate.Id }, as(learner));
    const bytes = Buffer.from(pdf.body.data.pdfBase64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.body.data.fileName).toBe('certificate-sound-design.pdf');

    const classmate = await learnerOf(course, site);
    const foreign = await server.call(
      'certificates.php',
      'download_certificate',
      { Id: certificate.Id },
      as(classmate),
    );
    expect(foreign.body.error_code).toBe('NOT_FOUND');
    expect(
      (await server.call('certificates.php', 'get_certificates', { UserId: learner.id }, as(classmate))).httpStatus,
    ).toBe(403);
  });

  it('a course without certificates, or one that never expires, issues accordingly', async () => {
    const site = await createSite(server.db);
    const none = await createCourse(server.db, { site, certificate: false });
    const forever = await createCourse(server.db, { site, certificateMonths: null });
    const learner = await learnerOf(none, site);
    await grantAccess(server.db, { site, course: forever, user: learner });
    expect(nth((await play(learner, none.id, nth(none.partIds))).body.data).certificate_generated).toBe(false);
    expect(nth((await play(learner, forever.id, nth(forever.partIds))).body.data).certificate_generated).toBe(true);
    const { body } = await server.call('certificates.php', 'get_certificates', { UserId: learner.id }, as(learner));
    expect(body.data).toHaveLength(1);
    expect(nth(body.data)).toMatchObject({ CourseId: forever.id, ExpiresAt: null, Expired: false });
  });

  it('quizzes and tests are checked on the server; a passed test completes its part, once', async () => {
    const site = await createSite(server.db);
    const questions = [question('a'), question('b'), question('c'), question('d')];
    const course = await createCourse(server.db, {
      site,
      progressEvent: 2,
      parts: [
        { criteria: 'visit', blocks: [{ type: 'Quiz', content: { intro: '', questions: questions.slice(0, 2) } }] },
        { criteria: 'test', blocks: [{ type: 'Test', content: { intro: '', questions, passPercent: 75 } }] },
      ],
    });
    const learner = await learnerOf(course, site);
    const submit = (partIndex: number, answers: Record<string, string[]>) =>
      server.call(
        'course_progress.php',
        'submit_answers',
        {
          UserId: learner.id,
          CourseId: course.id,
          CoursePartId: nth(course.partIds, partIndex),
          BlockId: nth(course.blockIds[partIndex]),
          Answers: answers,
        },
        as(learner),
      );

    const quiz = await submit(0, { a: ['a-0'], b: ['b-1'] });
    expect(quiz.body.data).toMatchObject({ score: 1, max_score: 2, passed: false, attempts: 1 });
    expect(quiz.body.data.questions).toEqual([
      { id: 'a', correct: true },
      { id: 'b', correct: false },
    ]);
    expect(quiz.body.progress).toBeNull();

    const failed = await submit(1, { a: ['a-0'], b: ['b-0'], c: ['c-1'], d: ['d-1'] });
    expect(failed.body.data).toMatchObject({ score: 2, passed: false, attempts: 1 });
    expect(failed.body.progress).toBeNull();
    // A right option together with a wrong one is not a right answer.
    const mixed = await submit(1, { a: ['a-0', 'a-1'], b: ['b-0'], c: ['c-0'], d: ['d-1'] });
    expect(mixed.body.data).toMatchObject({ score: 2, passed: false, attempts: 2 });

    const passed = await submit(1, { a: ['a-0'], b: ['b-0'], c: ['c-0'], d: ['d-1'] });
    expect(passed.body.data).toMatchObject({ score: 3, passed: true, attempts: 3 });
    expect(passed.body.progress).toMatchObject({ progress_percent: 50 });
    expect(passed.body.earned_xp).toBe(5);
    const resubmitted = await submit(1, { a: ['a-0'], b: ['b-0'], c: ['c-0'], d: ['d-0'] });
    expect(resubmitted.body).toMatchObject({
      earned_xp: 0,
      data: { score: 4, attempts: 4 },
      progress: { progress_percent: 50 },
    });

    // The stored result comes back with the course, still without the answers.
    const { body } = await server.call(
      'course.php',
      'get_course',
      { UserId: learner.id, CourseId: course.id },
      as(learner),
    );
    const test = blockOf(nth(nth(body.data).CourseParts, 1), 0, 'Test').Content;
    expect(test.result).toMatchObject({ score: 4, passed: true, attempts: 4 });
    // The passed test completed its part, with no play recorded.
    expect(nth(nth(body.data).CourseParts, 1)).toMatchObject({ VideoPlay: 0, Completed: true });
    expect(test.questions[0]).not.toHaveProperty('correct');

    // A test part is not completed by playing it, and a block of another part is not this part's.
    expect((await play(learner, course.id, nth(course.partIds, 1))).body.error_code).toBe('NOT_COMPLETABLE');
    const wrongPart = await server.call(
      'course_progress.php',
      'submit_answers',
      {
        UserId: learner.id,
        CourseId: course.id,
        CoursePartId: nth(course.partIds),
        BlockId: nth(course.blockIds[1]),
        Answers: {},
      },
      as(learner),
    );
    expect(wrongPart.body.error_code).toBe('NOT_FOUND');
  });

  /** A course whose second part is completed by a test of three questions (pass mark 60 %: two right). */
  async function testCourse(site: { id: number; name: string }, testAttempts: number | null) {
    const questions = [question('a', 3), question('b', 3), question('c', 3)];
    const course = await createCourse(server.db, {
      site,
      progressEvent: 2,
      parts: [
        { criteria: 'visit', blocks: [{ type: 'Quiz', content: { intro: '', questions } }] },
        { criteria: 'test', blocks: [{ type: 'Test', content: { intro: '', questions, passPercent: 60 } }] },
      ],
    });
    await server.db.updateTable('courses').set({ test_attempts: testAttempts }).where('id', '=', course.id).execute();
    return course;
  }
  const submitTo =
    (course: { id: number; partIds: number[]; blockIds: number[][] }, who: Learner, partIndex = 1) =>
    (answers: Record<string, string[]>) =>
      server.call(
        'course_progress.php',
        'submit_answers',
        {
          UserId: who.id,
          CourseId: course.id,
          CoursePartId: nth(course.partIds, partIndex),
          BlockId: nth(course.blockIds[partIndex]),
          Answers: answers,
        },
        as(who),
      );
  const courseOf = async (course: { id: number }, who: Learner) =>
    nth((await server.call('course.php', 'get_course', { UserId: who.id, CourseId: course.id }, as(who))).body.data);
  const resultRow = (learner: Learner) =>
    server.db
      .selectFrom('block_results')
      .select(['answers', 'score', 'passed', 'attempts', 'updated_at'])
      .where('site_id', '=', learner.site.id)
      .where('user_id', '=', learner.id)
      .execute();
  const wrong = { a: ['a-1'], b: ['b-1'], c: ['c-0'] };
  const rightOnes = [
    { id: 'a', correct: false },
    { id: 'b', correct: false },
    { id: 'c', correct: true },
  ];

  it('a limited test tells only the score until its last attempt, then which were right, and refuses one more', async () => {
    const site = await createSite(server.db);
    const course = await testCourse(site, 2);
    const learner = await learnerOf(course, site);
    const submit = submitTo(course, learner);

    // Before any attempt: the setting and the attempts allowed, no right answers.
    const before = await courseOf(course, learner);
    expect(before.TestAttempts).toBe(2);
    const block = blockOf(nth(before.CourseParts, 1), 0, 'Test').Content;
    expect(block).toMatchObject({ attemptsAllowed: 2, result: null });
    expect(block.questions.every((q: object) => !('correct' in q))).toBe(true);

    const first = await submit(wrong);
    expect(first.body.data).toEqual({
      score: 1,
      max_score: 3,
      passed: false,
      attempts: 1,
      attempts_left: 1,
      questions: null,
    });
    // get_course does not tell either.
    expect(blockOf(nth((await courseOf(course, learner)).CourseParts, 1), 0, 'Test').Content.result).toMatchObject({
      attempts: 1,
      attempts_left: 1,
      questions: null,
    });

    // The last attempt tells which questions were right, here and in get_course.
    const last = await submit(wrong);
    expect(last.body.data).toEqual({
      score: 1,
      max_score: 3,
      passed: false,
      attempts: 2,
      attempts_left: 0,
      questions: rightOnes,
    });
    const after = await courseOf(course, learner);
    expect(blockOf(nth(after.CourseParts, 1), 0, 'Test').Content.result).toMatchObject({
      attempts_left: 0,
      questions: rightOnes,
    });
    expect(
      blockOf(nth(after.CourseParts, 1), 0, 'Test').Content.questions.every((q: object) => !('correct' in q)),
    ).toBe(true);

    // One more, even a right one, is refused and changes nothing.
    const stored = await resultRow(learner);
    const refused = await submit({ a: ['a-0'], b: ['b-0'], c: ['c-0'] });
    expect(refused.httpStatus).toBe(409);
    expect(refused.body).toMatchObject({ status: 'ERROR', error_code: 'NO_ATTEMPTS_LEFT' });
    expect(await resultRow(learner)).toEqual(stored);
    const parts = await server.db.selectFrom('part_progress').select('id').where('user_id', '=', learner.id).execute();
    expect(parts).toEqual([]);
    expect((await courseOf(course, learner)).CourseParts[1]?.Completed).toBe(false);
  });

  it('a pass tells which were right while attempts are left; the quiz and staff are not limited', async () => {
    const site = await createSite(server.db);
    const course = await testCourse(site, 1);
    const learner = await learnerOf(course, site);

    const passed = await submitTo(course, learner)({ a: ['a-0'], b: ['b-1'], c: ['c-0'] });
    expect(passed.body.data).toEqual({
      score: 2,
      max_score: 3,
      passed: true,
      attempts: 1,
      attempts_left: 0,
      questions: [
        { id: 'a', correct: true },
        { id: 'b', correct: false },
        { id: 'c', correct: true },
      ],
    });
    expect(passed.body.progress).toMatchObject({ progress_percent: 50 });
    expect((await submitTo(course, learner)(wrong)).body.error_code).toBe('NO_ATTEMPTS_LEFT');

    // A quiz is practice: it always tells, however often it is answered.
    const quiz = submitTo(course, learner, 0);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const answer = await quiz(wrong);
      expect(answer.body.data).toMatchObject({ attempts: attempt, attempts_left: null, questions: rightOnes });
    }

    // Staff see the right options anyway: no limit, and every result tells.
    const staff = await createPerson(server, site, 'coach');
    for (let attempt = 1; attempt <= 2; attempt++) {
      const answer = await submitTo(course, staff)(wrong);
      expect(answer.body.data).toMatchObject({ attempts: attempt, attempts_left: null, questions: rightOnes });
    }
    expect(
      blockOf(nth((await courseOf(course, staff)).CourseParts, 1), 0, 'Test').Content.questions[0]?.correct,
    ).toEqual(['a-0']);
  });

  it('without a limit a test may be tried again and again, and tells which were right only once passed', async () => {
    const site = await createSite(server.db);
    const course = await testCourse(site, null);
    const learner = await learnerOf(course, site);
    const submit = submitTo(course, learner);
    expect((await courseOf(course, learner)).TestAttempts).toBeNull();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await submit(wrong);
      expect(answer.body.data).toMatchObject({ attempts: attempt, attempts_left: null, questions: null });
    }
    expect(blockOf(nth((await courseOf(course, learner)).CourseParts, 1), 0, 'Test').Content).toMatchObject({
      attemptsAllowed: null,
      result: { attempts: 4, passed: false, questions: null },
    });
    const passed = await submit({ a: ['a-0'], b: ['b-0'], c: ['c-1'] });
    expect(passed.body.data).toMatchObject({ attempts: 5, passed: true, questions: expect.any(Array) });
  });

  it('staff give a learner her attempts at a test back; nobody else can', async () => {
    const site = await createSite(server.db);
    const course = await testCourse(site, 1);
    const learner = await learnerOf(course, site);
    const classmate = await learnerOf(course, site);
    const testId = nth(course.blockIds[1]);
    for (const who of [learner, classmate]) expect((await submitTo(course, who)(wrong)).body.status).toBe('OK');
    expect((await submitTo(course, learner)(wrong)).body.error_code).toBe('NO_ATTEMPTS_LEFT');

    const reset = (who: Learner, data: Partial<DataOf<'course_admin.php', 'reset_test_attempts'>>) =>
      server.call(
        'course_admin.php',
        'reset_test_attempts',
        { CourseId: course.id, UserId: learner.id, BlockId: testId, ...data },
        as(who),
      );
    expect((await reset(learner, {})).httpStatus).toBe(403);
    const staff = await createPerson(server, site, 'coach');
    // Only a test of that course: not its quiz, not a test of another course.
    expect((await reset(staff, { BlockId: nth(course.blockIds[0]) })).body.error_code).toBe('NOT_FOUND');
    const other = await testCourse(site, 1);
    expect((await reset(staff, { CourseId: other.id })).body.error_code).toBe('NOT_FOUND');
    expect(await resultRow(learner)).toHaveLength(1);

    expect((await reset(staff, {})).body).toEqual({ status: 'OK', removed: true });
    expect((await reset(staff, {})).body).toEqual({ status: 'OK', removed: false });
    expect(await resultRow(learner)).toEqual([]);
    expect(await resultRow(classmate)).toHaveLength(1);
    const again = await submitTo(course, learner)(wrong);
    expect(again.body.data).toMatchObject({ attempts: 1, attempts_left: 0 });
  });

  it('attempts submitted at once never pass the limit', async () => {
    const site = await createSite(server.db);
    const course = await testCourse(site, 2);
    const learner = await learnerOf(course, site);
    const answers = await Promise.all(Array.from({ length: 6 }, () => submitTo(course, learner)(wrong)));
    expect(answers.filter((a) => a.body.status === 'OK')).toHaveLength(2);
    expect(answers.filter((a) => a.body.error_code === 'NO_ATTEMPTS_LEFT')).toHaveLength(4);
    expect((await resultRow(learner))[0]?.attempts).toBe(2);
  });

  it('nobody records progress in a course she cannot open, nor in another user’s name', async () => {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, { site, parts: [{}, { published: false }] });
    const learner = await learnerOf(course, site);
    const outsider = await learnerOf(await createCourse(server.db, { site }), site);

    expect((await play(outsider, course.id, nth(course.partIds))).body.error_code).toBe('NO_COURSE_ACCESS');
    expect((await reward(outsider, course.id, nth(course.partIds))).body.error_code).toBe('NO_COURSE_ACCESS');
    expect((await play(learner, course.id, nth(course.partIds, 1))).body.error_code).toBe('NOT_FOUND');
    const impersonated = await server.call(
      'course_progress.php',
      'updateCourseProgressVideoPlay',
      { UserId: outsider.id, CourseId: course.id, CoursePartId: nth(course.partIds) },
      as(learner),
    );
    expect(impersonated.httpStatus).toBe(403);
    const progressRows = await server.db
      .selectFrom('part_progress')
      .select('id')
      .where('site_id', '=', site.id)
      .execute();
    expect(progressRows).toEqual([]);
  });
});
