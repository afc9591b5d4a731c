import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../factories';
import { as, createPerson } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/**
 * What learners write is opened by staff: an image from another site would tell its host who opened the text and
 * when. Exam answers, chat and support messages keep the platform's own images only.
 */
describe.each(dialects)('images in what learners write, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const foreign = '<img src="https://evil.example/x.png">';
  const own = (id: number) => `<img src="/media/avatar/${id}" alt="me">`;
  const text = (id: number) => `<p>Here${foreign}is${own(id)}my work</p>`;
  const stored = (id: number) => `<p>Hereis<img src="/media/avatar/${id}" alt="me" />my work</p>`;

  async function room() {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, {
      site,
      parts: [{ name: 'Exam', criteria: 'review', blocks: [{ type: 'Exam', content: { html: '<p>Explain.</p>' } }] }],
    });
    const coach = await createPerson(server, site, 'coach');
    const student = await createPerson(server, site, 'student');
    await grantAccess(server.db, { site, course, user: student });
    return { site, course, coach, student, examBlock: course.blockIds[0]?.[0] as number };
  }

  it('an exam answer is stored without the image from elsewhere; the own image stays', async () => {
    const { course, student, coach, examBlock } = await room();
    const exam = { UserId: student.id, CourseId: course.id, BlockId: examBlock };
    const saved = await server.call('user_exam.php', 'save_user_exam', { ...exam, Answer: text(7) }, as(student));
    expect(saved.body.data.Answer).toBe(stored(7));
    const submitted = await server.call('user_exam.php', 'submit_user_exam', { ...exam, Answer: text(8) }, as(student));
    expect(submitted.body.data.Answer).toBe(stored(8));
    const row = await server.db
      .selectFrom('user_exams')
      .select('answer')
      .where('id', '=', submitted.body.data.UserExamId)
      .executeTakeFirstOrThrow();
    expect(row.answer).toBe(stored(8));
    expect(row.answer).not.toContain('evil.example');

    // An answer of a foreign image alone says nothing: it cannot be handed in.
    await server.db.updateTable('user_exams').set({ status: 'in_progress' }).execute();
    const empty = await server.call('user_exam.php', 'submit_user_exam', { ...exam, Answer: foreign }, as(student));
    expect(empty.body.error_code).toBe('EMPTY_ANSWER');
    // What staff write keeps what they chose: a review comment may show an image from elsewhere.
    await server.db.updateTable('user_exams').set({ status: 'submitted' }).execute();
    const reviewed = await server.call(
      'user_exam.php',
      'review_user_exam',
      { UserExamId: submitted.body.data.UserExamId as number, Approve: false, Comment: `<p>See${foreign}</p>` },
      as(coach),
    );
    expect(reviewed.body.data.ReviewComment).toContain('https://evil.example/x.png');
  });

  it('chat and support messages are stored without images from elsewhere', async () => {
    const { site, coach, student } = await room();
    const sent = await server.call(
      'messages.php',
      'submit_message',
      { FromUserId: student.id, UserId: coach.id, Title: '', Message: text(3) },
      as(student),
    );
    expect(sent.body.status).toBe('OK');
    const support = await server.call('messages.php', 'send_support_message', { Message: text(4) }, as(student));
    expect(support.body.status).toBe('OK');
    const rows = await server.db
      .selectFrom('messages')
      .select(['kind', 'message'])
      .where('site_id', '=', site.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'chat', message: stored(3) },
      { kind: 'support', message: stored(4) },
    ]);
    const onlyForeign = await server.call('messages.php', 'send_support_message', { Message: foreign }, as(student));
    expect(onlyForeign.body.error_code).toBe('EMPTY_MESSAGE');
  });
});
