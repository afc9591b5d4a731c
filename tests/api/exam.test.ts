import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { type CreatedCourse, createCourse, grantAccess } from '../factories/courses';
import { nth } from '../support/answers';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { mailsTo } from '../support/inspect';
import { whileRowLocked } from '../support/locks';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('user_exam.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /**
   * A course completed by a visit, a milestone with two exams to review, and a final exam beside a text; its
   * coach, a second coach, and a student with access.
   */
  async function examRoom() {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, {
      site,
      progressEvent: 2,
      xpPerReward: 10,
      parts: [
        { name: 'Welcome', criteria: 'visit' },
        {
          name: 'Milestone',
          criteria: 'review',
          postType: 2,
          blocks: [
            { type: 'Exam', content: { html: '<p>Make a beat.</p>' } },
            { type: 'Question', content: { html: '<p>Why?</p>' } },
          ],
        },
        {
          name: 'Final',
          criteria: 'review',
          blocks: [{ type: 'Text' }, { type: 'FinalExam', content: { html: '<p>Explain.</p>' } }],
        },
        { name: 'Draft', criteria: 'review', published: false, blocks: [{ type: 'Exam' }] },
      ],
    });
    const coach = await createPerson(server, site, 'coach');
    const secondCoach = await createPerson(server, site, 'coach');
    const student = await createPerson(server, site, 'student', { firstName: 'Stina' });
    await grantAccess(server.db, { site, course, user: student });
    return { site, course, coach, secondCoach, student };
  }

  const blockOf = (course: CreatedCourse, part: number, index = 0) => course.blockIds[part]?.[index] as number;
  const ofExam = (who: Person, course: CreatedCourse, blockId: number) => ({
    UserId: who.id,
    CourseId: course.id,
    BlockId: blockId,
  });
  const read = (who: Person, data: DataOf<'user_exam.php', 'get_user_exam'>) =>
    server.call('user_exam.php', 'get_user_exam', data, as(who));
  const save = (who: Person, course: CreatedCourse, blockId: number, Answer: string) =>
    server.call('user_exam.php', 'save_user_exam', { ...ofExam(who, course, blockId), Answer }, as(who));
  const submit = (who: Person, course: CreatedCourse, blockId: number, Answer?: string) =>
    server.call('user_exam.php', 'submit_user_exam', { ...ofExam(who, course, blockId), Answer }, as(who));
  /** Reviews the exam of the id an answer named (null, were the exam not started, is sent as it is). */
  const review = (who: Person, UserExamId: number | null, Approve: boolean, Comment?: string, Score?: number) =>
    server.call(
      'user_exam.php',
      'review_user_exam',
      { UserExamId: UserExamId as number, Approve, Comment, Score },
      as(who),
    );
  const openTasks = async (who: Person) =>
    (await server.call('tasks.php', 'get_tasks', { UserId: who.id }, as(who))).body.data;
  const courseOf = async (who: Person, course: CreatedCourse) =>
    nth((await server.call('course.php', 'get_course', { UserId: who.id, CourseId: course.id }, as(who))).body.data);

  it('no exam started → in progress → submitted → returned with a comment → submitted again → completed', async () => {
    const { course, coach, student } = await examRoom();
    const exam = blockOf(course, 1);
    const notStarted = await read(student, ofExam(student, course, exam));
    expect(notStarted.body.data).toMatchObject({
      UserExamId: null,
      UserId: student.id,
      CourseId: course.id,
      CoursePartId: course.partIds[1],
      BlockId: exam,
      PartName: 'Milestone',
      BlockTitle: 'Exam 1',
      Status: 'not_started',
      UserCanEdit: true,
      Answer: '',
      Submissions: 0,
    });
    // Submitting skips no state: an exam is started by saving an answer first.
    const early = await submit(student, course, exam, '<p>Done!</p>');
    expect(early.httpStatus).toBe(409);
    expect(early.body.error_code).toBe('INVALID_STATE');

    const started = await save(student, course, exam, '<p>First <b>draft</b><script>alert(1)</script></p>');
    expect(started.body.data).toMatchObject({
      Status: 'in_progress',
      Answer: '<p>First <b>draft</b></p>',
      UserCanEdit: true,
    });
    const id = started.body.data.UserExamId;
    // auth_user names the exam still open in the course asked about.
    const openExam = async () =>
      (await server.call('auth.php', 'auth_user', { access: { CourseId: course.id } }, as(student))).body.userExamId;
    expect(await openExam()).toBe(id);
    expect((await save(student, course, exam, '<p>Second draft</p>')).body.data).toMatchObject({
      UserExamId: id,
      Answer: '<p>Second draft</p>',
    });
    const empty = await submit(student, course, exam, '<p> </p>');
    expect(empty.body.error_code).toBe('EMPTY_ANSWER');
    expect((await read(student, ofExam(student, course, exam))).body.data.Answer).toBe('<p>Second draft</p>');

    const submitted = await submit(student, course, exam);
    expect(submitted.body.data).toMatchObject({ Status: 'submitted', Submissions: 1, UserCanEdit: false });
    expect(submitted.body.data.SubmittedDate).toEqual(expect.any(String));
    const task = nth(await openTasks(coach));
    expect(task).toMatchObject({
      TaskType: 4,
      UserId: student.id,
      UserRealName: 'Stina Tester',
      CourseId: course.id,
      CoursePartId: course.partIds[1],
      UserExamId: id,
      Description: 'Milestone – Exam 1',
      TaskOwner: -1,
    });
    // A submitted answer is no draft; handing it in again is the same submission.
    const edit = await save(student, course, exam, '<p>Edit</p>');
    expect(edit.httpStatus).toBe(409);
    expect(edit.body.error_code).toBe('EXAM_SUBMITTED');
    expect((await submit(student, course, exam)).body).toMatchObject({
      status: 'OK',
      AlreadySubmitted: true,
      data: { Status: 'submitted', Submissions: 1 },
    });
    const byHand = await server.call(
      'tasks.php',
      'update_task',
      { UserId: coach.id, Task: { Id: task.Id, CompleteTheTask: true } },
      as(coach),
    );
    expect(byHand.body.error_code).toBe('INVALID_STATE');

    // Returning needs a comment; the learner sees it and may edit again.
    expect((await review(coach, id, false, '<p></p>')).body.error_code).toBe('EMPTY_MESSAGE');
    const returned = await review(coach, id, false, '<p>Add a hi-hat.</p>');
    expect(returned.body.data).toMatchObject({ Status: 'in_progress', ReviewComment: '<p>Add a hi-hat.</p>' });
    expect(await openTasks(coach)).toEqual([]);
    const done = await server.call('tasks.php', 'get_task', { Id: task.Id }, as(coach));
    expect(done.body.data).toMatchObject({ CompleteTheTask: true, CompletedByUserId: coach.id });
    const mine = await read(student, { UserId: student.id, CourseId: course.id, UserExamId: id });
    expect(mine.body.data).toMatchObject({
      Status: 'in_progress',
      UserCanEdit: true,
      ReviewComment: '<p>Add a hi-hat.</p>',
    });

    await save(student, course, exam, '<p>With a hi-hat</p>');
    expect((await submit(student, course, exam)).body.data).toMatchObject({ Status: 'submitted', Submissions: 2 });
    expect(await openTasks(coach)).toHaveLength(1);
    const approved = await review(coach, id, true);
    expect(approved.body.data).toMatchObject({ Status: 'completed', ReviewComment: null, UserCanEdit: false });
    expect(approved.body.data.ReviewedDate).toEqual(expect.any(String));
    // A completed exam goes nowhere else.
    expect((await review(coach, id, true)).body.error_code).toBe('INVALID_STATE');
    expect((await save(student, course, exam, '<p>Again</p>')).body.error_code).toBe('EXAM_SUBMITTED');
    expect((await submit(student, course, exam)).body.error_code).toBe('EXAM_SUBMITTED');
    expect((await read(student, ofExam(student, course, exam))).body.data.UserCanEdit).toBe(false);
    expect(await openExam()).toBeNull();
  });

  it('approving the last exam of a part completes it: milestone date, progress, xp and the certificate', async () => {
    const { course, coach, student } = await examRoom();
    const pass = async (blockId: number) => {
      const { body } = await save(student, course, blockId, '<p>My answer</p>');
      await submit(student, course, blockId);
      return review(coach, body.data.UserExamId, true);
    };
    const part = async (index: number) => nth((await courseOf(student, course)).CourseParts, index);

    await pass(blockOf(course, 1, 0));
    expect(await part(1)).toMatchObject({ Completed: false, MilestoneCompletedDate: null });
    expect((await courseOf(student, course)).progress_percent).toBe(0);

    await pass(blockOf(course, 1, 1));
    const milestone = await part(1);
    expect(milestone.Completed).toBe(true);
    expect(milestone.MilestoneCompletedDate).toEqual(expect.any(String));
    expect((await courseOf(student, course)).progress_percent).toBe(33);
    const auth = await server.call('auth.php', 'auth_user', {}, as(student));
    expect(auth.body.data.TotalXp).toBe(10);

    await server.call(
      'course_progress.php',
      'updateCourseProgressVideoPlay',
      { UserId: student.id, CourseId: course.id, CoursePartId: nth(course.partIds) },
      as(student),
    );
    const final = blockOf(course, 2, 1);
    const { body } = await save(student, course, final, '<p>Sound is air moving.</p>');
    await submit(student, course, final);
    expect((await openTasks(coach))[0]).toMatchObject({ TaskType: 2, Description: 'Final – FinalExam 2' });
    await review(coach, body.data.UserExamId, true, '<p>Well explained.</p>');
    expect(await part(2)).toMatchObject({ Completed: true, MilestoneCompletedDate: null });
    expect((await courseOf(student, course)).progress_percent).toBe(100);
    const certificates = await server.call('certificates.php', 'get_certificates', { UserId: student.id }, as(student));
    expect(certificates.body.data).toEqual([expect.objectContaining({ CourseId: course.id })]);
    expect((await server.call('auth.php', 'auth_user', {}, as(student))).body.data.TotalXp).toBe(30);
  });

  it('two coaches approving at once: one approval, one refusal, xp once', async () => {
    const { course, coach, secondCoach, student } = await examRoom();
    const blockIds = [blockOf(course, 1, 0), blockOf(course, 1, 1)];
    const ids: (number | null)[] = [];
    for (const blockId of blockIds) {
      ids.push((await save(student, course, blockId, '<p>Answer</p>')).body.data.UserExamId);
      await submit(student, course, blockId);
    }
    await review(coach, ids[0] as number, true);
    const answers = await whileRowLocked(server, { table: 'user_exams', id: ids[1] as number }, () =>
      Promise.all([review(coach, ids[1] as number, true), review(secondCoach, ids[1] as number, true)]),
    );
    expect(answers.map((a) => a.httpStatus).sort()).toEqual([200, 409]);
    expect((await server.call('auth.php', 'auth_user', {}, as(student))).body.data.TotalXp).toBe(10);
  });

  it('a student cannot review, nobody reviews her own, and each reads only what she may', async () => {
    const { site, course, coach, student } = await examRoom();
    const admin = await createPerson(server, site, 'admin');
    const classmate = await createPerson(server, site);
    await grantAccess(server.db, { site, course, user: classmate });
    const exam = blockOf(course, 1);
    const id = (await save(student, course, exam, '<p>Mine</p>')).body.data.UserExamId;

    // Nothing is reviewed before it is submitted, and students never review.
    expect((await review(coach, id, true)).body.error_code).toBe('INVALID_STATE');
    await submit(student, course, exam);
    const byStudent = await review(classmate, id, true);
    expect(byStudent.httpStatus).toBe(403);
    expect(byStudent.body.error_code).toBe('FORBIDDEN');
    expect((await review(student, id, true)).httpStatus).toBe(403);
    expect((await review(coach, 2_000_000_000, true)).body.error_code).toBe('NOT_FOUND');

    // A coach answering an exam herself has it reviewed by someone else.
    const ownId = (await save(coach, course, exam, '<p>Trying it out</p>')).body.data.UserExamId;
    await submit(coach, course, exam);
    expect((await review(coach, ownId, true)).body.error_code).toBe('FORBIDDEN');
    expect((await review(admin, ownId, true)).body.data.Status).toBe('completed');

    // Learners read their own; staff read anyone's (without editing it).
    expect((await read(classmate, ofExam(student, course, exam))).body.error_code).toBe('FORBIDDEN');
    expect((await read(classmate, { UserId: classmate.id, CourseId: course.id, UserExamId: id })).body.error_code).toBe(
      'NOT_FOUND',
    );
    const byCoach = await read(coach, { UserId: student.id, CourseId: course.id, UserExamId: id });
    expect(byCoach.body.data).toMatchObject({
      UserExamId: id,
      Status: 'submitted',
      Answer: '<p>Mine</p>',
      UserCanEdit: false,
    });
    const other = await createCourse(server.db, { site });
    expect((await read(coach, { UserId: student.id, CourseId: other.id, UserExamId: id })).body.error_code).toBe(
      'NOT_FOUND',
    );
    expect((await read(student, { UserId: student.id, CourseId: course.id })).httpStatus).toBe(400);
    // While it waits for review, the answer stays as submitted.
    expect((await save(student, course, exam, '<p>x</p>')).body.error_code).toBe('EXAM_SUBMITTED');
    const forOther = await server.call(
      'user_exam.php',
      'save_user_exam',
      { UserId: classmate.id, CourseId: course.id, BlockId: exam, Answer: '<p>x</p>' },
      as(student),
    );
    expect(forOther.httpStatus).toBe(403);

    // Only exam blocks of parts the learner sees, in courses she may open.
    expect((await read(student, ofExam(student, course, blockOf(course, 2, 0)))).body.error_code).toBe('NOT_FOUND');
    expect((await save(student, course, blockOf(course, 3), '<p>x</p>')).body.error_code).toBe('NOT_FOUND');
    const outsider = await createPerson(server, site);
    expect((await read(outsider, ofExam(outsider, course, exam))).body.error_code).toBe('NO_COURSE_ACCESS');
    const elsewhere = await createPerson(server, await createSite(server.db), 'admin');
    expect((await review(elsewhere, id, true)).body.error_code).toBe('NOT_FOUND');
  });

  it('drafts: each save keeps the answer as typed so far and a reload reads it back; a handed-in answer is no draft', async () => {
    const { course, coach, student } = await examRoom();
    const exam = blockOf(course, 1);
    const first = await save(student, course, exam, '<p>Sound is</p>');
    expect(first.body.data).toMatchObject({ Status: 'in_progress', Answer: '<p>Sound is</p>', Submissions: 0 });
    await save(student, course, exam, '<p>Sound is air moving</p>');
    // What a reloaded page reads: the latest draft, still hers to change.
    expect((await read(student, ofExam(student, course, exam))).body.data).toMatchObject({
      UserExamId: first.body.data.UserExamId,
      Status: 'in_progress',
      Answer: '<p>Sound is air moving</p>',
      UserCanEdit: true,
    });

    await submit(student, course, exam);
    const late = await save(student, course, exam, '<p>Sound is air moving fast</p>');
    expect(late.httpStatus).toBe(409);
    expect(late.body).toMatchObject({ status: 'ERROR', error_code: 'EXAM_SUBMITTED' });
    expect(late.body.message).toMatch(/submitted/);
    expect((await read(student, ofExam(student, course, exam))).body.data.Answer).toBe('<p>Sound is air moving</p>');

    await review(coach, first.body.data.UserExamId, true);
    const afterApproval = await save(student, course, exam, '<p>Changed</p>');
    expect(afterApproval.body.error_code).toBe('EXAM_SUBMITTED');
    expect(afterApproval.body.message).toMatch(/approved/);
  });

  it('a double submit is one submission: both answers OK, the second says so, one task', async () => {
    const { course, coach, student } = await examRoom();
    const exam = blockOf(course, 1);
    await save(student, course, exam, '<p>Draft</p>');
    const both = await Promise.all([
      submit(student, course, exam, '<p>Final answer</p>'),
      submit(student, course, exam, '<p>Final answer</p>'),
    ]);
    expect(both.map((a) => a.httpStatus)).toEqual([200, 200]);
    expect(both.map((a) => a.body.AlreadySubmitted).sort()).toEqual([false, true]);
    for (const answer of both) {
      expect(answer.body.data).toMatchObject({ Status: 'submitted', Submissions: 1, Answer: '<p>Final answer</p>' });
    }
    expect(await openTasks(coach)).toHaveLength(1);
    // Another answer while one waits for review is refused, and changes nothing.
    const other = await submit(student, course, exam, '<p>Something else</p>');
    expect(other.body.error_code).toBe('EXAM_SUBMITTED');
    expect((await read(student, ofExam(student, course, exam))).body.data).toMatchObject({
      Answer: '<p>Final answer</p>',
      Submissions: 1,
    });
  });

  /** The system messages a learner has, newest first, as stored. */
  const systemMessagesTo = (userId: number) =>
    server.db
      .selectFrom('messages')
      .selectAll()
      .where('to_user_id', '=', userId)
      .where('kind', '=', 'system')
      .orderBy('id', 'desc')
      .execute();

  it('a review tells the learner by a system message, mailed too while she is away and not while she is active', async () => {
    const { course, coach, student } = await examRoom();
    const exam = blockOf(course, 1);
    const id = (await save(student, course, exam, '<p>A beat</p>')).body.data.UserExamId;
    await submit(student, course, exam);

    // She has not been on the platform for a while: the message, and a mail.
    await server.db
      .updateTable('users')
      .set({ last_seen_at: new Date(Date.now() - 6 * 60_000).toISOString() })
      .where('id', '=', student.id)
      .execute();
    await review(coach, id, false, '<p>Add a <b>hi-hat</b>.</p>');
    const [returned] = await systemMessagesTo(student.id);
    expect(returned).toMatchObject({
      from_user_id: null,
      sent_by_user_id: coach.id,
      course_id: course.id,
      course_part_id: course.partIds[1],
      title: 'Returned: Milestone – Exam 1',
      showed_at: null,
    });
    expect(returned?.message).toContain('<blockquote><p>Add a <b>hi-hat</b>.</p></blockquote>');
    expect(returned?.message).toContain(`href="/course/${course.id}/post/${course.partIds[1]}"`);
    expect(returned?.emailed_at).toEqual(expect.any(String));
    const mails = await mailsTo(server, student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Returned: Milestone – Exam 1' });
    expect(mails[0]?.text_body).toContain('Add a hi-hat.');
    expect(mails[0]?.text_body).toContain(`/course/${course.id}/post/${course.partIds[1]}`);
    // The learner reads it as a system message in her bell, from the system.
    const bell = await server.call('messages.php', 'get_messages', { UserId: student.id }, as(student));
    expect(bell.body.data.find((m) => m.Title === 'Returned: Milestone – Exam 1')).toMatchObject({
      FromUserId: -1,
      SentByUserId: null,
    });

    // Her poll just now made her active: the approval is a message only.
    await save(student, course, exam, '<p>A beat with a hi-hat</p>');
    await submit(student, course, exam);
    await review(coach, id, true, '', 90);
    const [approved] = await systemMessagesTo(student.id);
    expect(approved).toMatchObject({ title: 'Approved: Milestone – Exam 1', emailed_at: null });
    expect(approved?.message).toContain('Score: 90 / 100');
    expect(approved?.message).not.toContain('blockquote');
    expect(await mailsTo(server, student.email)).toHaveLength(1);
  });

  it("the notice is in the learner's language, not the reviewer's", async () => {
    const { course, coach, student } = await examRoom();
    expect((await server.call('profile.php', 'set_language', { Language: 'sv' }, as(student))).body.status).toBe('OK');
    const exam = blockOf(course, 1);
    const id = (await save(student, course, exam, '<p>Svar</p>')).body.data.UserExamId;
    await submit(student, course, exam);
    await server.call(
      'user_exam.php',
      'review_user_exam',
      { UserExamId: id as number, Approve: true, Score: 75 },
      { ...as(coach), headers: { 'accept-language': 'en-US,en;q=0.9' } },
    );
    const [notice] = await systemMessagesTo(student.id);
    expect(notice?.title).toBe('Godkänt: Milestone – Exam 1');
    expect(notice?.message).toContain('Poäng: 75 / 100');
    expect((await mailsTo(server, student.email))[0]?.subject).toBe('Godkänt: Milestone – Exam 1');
  });

  it('a score is optional, a whole number from 0 to 100, kept with the review and shown to the learner', async () => {
    const { course, coach, student } = await examRoom();
    const exam = blockOf(course, 1);
    const id = (await save(student, course, exam, '<p>Answer</p>')).body.data.UserExamId as number;
    await submit(student, course, exam);
    for (const Score of [101, -1, 2.5, '80', true, null]) {
      const bad = await server.call(
        'user_exam.php',
        'review_user_exam',
        // biome-ignore lint/suspicious/noExplicitAny: wrong types on purpose
        { UserExamId: id, Approve: false, Comment: '<p>Again</p>', Score: Score as any },
        as(coach),
      );
      expect(bad.httpStatus, `Score ${Score}`).toBe(400);
      expect(bad.body.error_code).toBe('INVALID_REQUEST');
      expect(bad.body.fields?.[0]?.field).toBe('data.Score');
    }
    // Nothing was reviewed by the refused calls.
    expect((await read(student, ofExam(student, course, exam))).body.data).toMatchObject({
      Status: 'submitted',
      ReviewScore: null,
    });
    expect(await systemMessagesTo(student.id)).toEqual([]);

    const returned = await review(coach, id, false, '<p>Almost.</p>', 0);
    expect(returned.body.data).toMatchObject({ Status: 'in_progress', ReviewScore: 0 });
    expect((await read(student, ofExam(student, course, exam))).body.data).toMatchObject({
      ReviewComment: '<p>Almost.</p>',
      ReviewScore: 0,
    });
    await submit(student, course, exam);
    // A review without a score has none, whatever the one before gave.
    expect((await review(coach, id, true)).body.data).toMatchObject({ Status: 'completed', ReviewScore: null });
    const stored = await server.db
      .selectFrom('user_exams')
      .select('review_score')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.review_score).toBeNull();
  });

  it("a review task names an exam once when its block repeats the part's name", async () => {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, {
      site,
      parts: [
        {
          name: 'Final exam',
          criteria: 'review',
          postType: 4,
          blocks: [{ type: 'FinalExam', title: 'Final exam', content: { html: '<p>Explain.</p>' } }],
        },
      ],
    });
    const coach = await createPerson(server, site, 'coach');
    const student = await createPerson(server, site);
    await grantAccess(server.db, { site, course, user: student });
    const exam = blockOf(course, 0);
    await save(student, course, exam, '<p>Done</p>');
    await submit(student, course, exam);
    expect(await openTasks(coach)).toEqual([expect.objectContaining({ TaskType: 4, Description: 'Final exam' })]);
  });
});
