import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createSite } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { downloadCall, sendCall } from '../support/api';
import { testDialects } from '../support/databases';
import { snapshotRows } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/** A survey with every question kind, in both languages. */
const everyKind = (extra: Record<string, unknown> = {}) => ({
  Id: 0,
  Texts: { en: { Title: 'How was the course?', Intro: 'Five questions.' }, sv: { Title: 'Hur var kursen?' } },
  Anonymous: false,
  Audience: 'all',
  Questions: [
    {
      Kind: 'single',
      Required: true,
      Texts: {
        en: { Text: 'Level', Options: ['Easy', 'Right', 'Hard'] },
        sv: { Text: 'Nivå', Options: ['Lätt', 'Lagom', 'Svår'] },
      },
    },
    {
      Kind: 'multiple',
      Texts: {
        en: { Text: 'Liked', Options: ['Videos', 'Quizzes', 'Coach'] },
        sv: { Text: 'Gillade', Options: ['Videor', 'Quiz', 'Coach'] },
      },
    },
    {
      Kind: 'scale',
      Required: true,
      ScaleMax: 10,
      Texts: { en: { Text: 'Recommend?', Low: 'Not at all', High: 'Surely' }, sv: { Text: 'Rekommendera?' } },
    },
    { Kind: 'yes_no', Texts: { en: { Text: 'Again?' }, sv: { Text: 'Igen?' } } },
    { Kind: 'text', Texts: { en: { Text: 'Anything else?' }, sv: { Text: 'Något mer?' } } },
  ],
  ...extra,
});

describe.each(dialects)('surveys: surveys.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  // biome-ignore lint/suspicious/noExplicitAny: the answers are checked against the contract by the test server
  const call = (person: Person, req: string, data: Record<string, unknown> = {}): Promise<any> =>
    sendCall(server.url, 'surveys.php', req, data, as(person));

  /** Answers for the every-kind survey: a level, likes, a 0–10 score, yes or no, a text. */
  const answers = (ids: number[], level: number, score: number, text = '') => [
    { QuestionId: ids[0], Choice: level },
    { QuestionId: ids[1], Choices: [0, 2] },
    { QuestionId: ids[2], Value: score },
    { QuestionId: ids[3], Value: 1 },
    { QuestionId: ids[4], Text: text },
  ];

  it('an administrator builds a survey of every kind; signed-in users answer it once, and the results add up', async () => {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    const [ada, bo, cy] = [
      await createPerson(server, site),
      await createPerson(server, site),
      await createPerson(server, site),
    ];

    const before = await snapshotRows(server);
    const untitled = await call(admin, 'save_survey', { Survey: everyKind({ Texts: { en: { Title: '' } } }) });
    expect(untitled.body).toMatchObject({ error_code: 'INVALID_REQUEST' });
    const oneOption = everyKind();
    oneOption.Questions[0] = {
      Kind: 'single',
      Required: true,
      Texts: { en: { Text: 'Level', Options: ['Only'] } },
    } as never;
    expect((await call(admin, 'save_survey', { Survey: oneOption })).body.error_code).toBe('INVALID_REQUEST');
    expect(await snapshotRows(server)).toEqual(before);

    const saved = await call(admin, 'save_survey', { Survey: everyKind() });
    expect(saved.body.data).toMatchObject({ Status: 'draft', Responses: 0, AllowChange: false });
    const survey = saved.body.data;
    const ids = survey.Questions.map((q: { Id: number }) => q.Id);
    expect(
      survey.Questions.map((q: { Kind: string; ScaleMin: number; ScaleMax: number }) => [
        q.Kind,
        q.ScaleMin,
        q.ScaleMax,
      ]),
    ).toEqual([
      ['single', 0, 0],
      ['multiple', 0, 0],
      ['scale', 0, 10],
      ['yes_no', 0, 0],
      ['text', 0, 0],
    ]);
    // A draft is no one's to answer; open, it is everyone's.
    expect((await call(ada, 'get_survey', { Id: survey.Id })).body.error_code).toBe('NOT_FOUND');
    await call(admin, 'set_survey_status', { Id: survey.Id, Status: 'open' });
    const form = await call(ada, 'get_survey', { Id: survey.Id });
    expect(form.body).toMatchObject({ State: 'open', data: { Title: 'How was the course?' }, Answers: [] });
    expect(form.body.data.Questions[2]).toMatchObject({ Kind: 'scale', Low: 'Not at all', High: 'Surely' });

    const missing = await call(ada, 'answer_survey', { Id: survey.Id, Answers: answers(ids, 0, 9).slice(1) });
    expect(missing.body).toMatchObject({ error_code: 'INVALID_REQUEST' });
    const wrong = await call(ada, 'answer_survey', { Id: survey.Id, Answers: answers(ids, 3, 9) });
    expect(wrong.body.error_code).toBe('INVALID_REQUEST');
    expect(
      (await call(ada, 'answer_survey', { Id: survey.Id, Answers: answers(ids, 0, 9, 'More coaching') })).body,
    ).toEqual({
      status: 'OK',
      State: 'answered',
    });
    const again = await call(ada, 'answer_survey', { Id: survey.Id, Answers: answers(ids, 1, 3) });
    expect(again.body).toMatchObject({ error_code: 'INVALID_STATE', reason: 'answered' });
    expect((await call(ada, 'get_survey', { Id: survey.Id })).body).toMatchObject({
      State: 'answered',
      data: { Questions: [] },
    });
    await call(bo, 'answer_survey', { Id: survey.Id, Answers: answers(ids, 1, 10, 'Shorter videos please') });
    await call(cy, 'answer_survey', { Id: survey.Id, Answers: answers(ids, 1, 3) });

    // 9 and 10 promote, 3 detracts: (2 − 1) / 3 = 33; the mean is 22 / 3.
    const results = await call(admin, 'get_survey_results', { Id: survey.Id });
    expect(results.body).toMatchObject({ Responses: 3, AudienceSize: null });
    const [level, liked, score, again2, free] = results.body.Questions;
    expect(level).toMatchObject({ Answered: 3, Counts: [1, 2, 0] });
    expect(liked).toMatchObject({ Answered: 3, Counts: [3, 0, 3] });
    expect(score).toMatchObject({ Answered: 3, Nps: 33 });
    expect(score.Mean).toBeCloseTo(22 / 3);
    expect(score.Counts[9]).toBe(1);
    expect(again2).toMatchObject({ Answered: 3, Counts: [0, 3], Mean: 1 });
    expect(free.Texts.sort()).toEqual(['More coaching', 'Shorter videos please']);
    const searched = await call(admin, 'get_survey_results', { Id: survey.Id, Search: 'VIDEOS' });
    expect(searched.body.Questions[4].Texts).toEqual(['Shorter videos please']);
    const csv = await downloadCall(server.url, 'surveys.php', 'export_survey_results', { Id: survey.Id }, as(admin));
    const text = Buffer.from(csv.bytes).toString('utf8');
    expect(text).toContain('Easy');
    expect(text).toContain('Videos; Coach');
    expect(text.split('\n').filter((line) => line.trim()).length).toBe(4);

    // With answers, the questions stay as they are; their texts may change. Closed, it takes no more.
    const changed = everyKind({ Id: survey.Id });
    const kept = changed.Questions.map((q, i) => ({ ...q, Id: ids[i] }));
    changed.Questions = kept.map((q, i) => (i === 0 ? { ...q, Kind: 'multiple' } : q));
    expect((await call(admin, 'save_survey', { Survey: changed })).body.error_code).toBe('INVALID_STATE');
    changed.Questions = kept;
    (changed.Texts as { en: { Title: string } }).en.Title = 'How was it?';
    expect((await call(admin, 'save_survey', { Survey: changed })).body.data.Texts.en.Title).toBe('How was it?');
    expect((await call(admin, 'set_survey_status', { Id: survey.Id, Status: 'draft' })).body.error_code).toBe(
      'INVALID_STATE',
    );
    await call(admin, 'set_survey_status', { Id: survey.Id, Status: 'closed' });
    const dan = await createPerson(server, site);
    expect((await call(dan, 'get_survey', { Id: survey.Id })).body.State).toBe('closed');
    expect((await call(dan, 'answer_survey', { Id: survey.Id, Answers: answers(ids, 0, 5) })).body).toMatchObject({
      error_code: 'INVALID_STATE',
      reason: 'closed',
    });

    // A copy is a draft without answers; only administrators reach any of it, and only their site's.
    const copy = await call(admin, 'duplicate_survey', { Id: survey.Id });
    expect(copy.body.data).toMatchObject({
      Status: 'draft',
      Responses: 0,
      Texts: { en: { Title: 'How was it? (copy)' } },
    });
    expect((await call(ada, 'get_surveys')).body.error_code).toBe('FORBIDDEN');
    const stranger = await createPerson(server, await createSite(server.db), 'admin');
    expect((await call(stranger, 'get_survey_results', { Id: survey.Id })).body.error_code).toBe('NOT_FOUND');
    expect((await call(admin, 'get_surveys')).body.data.map((s: { Title: string }) => s.Title)).toEqual([
      'How was it? (copy)',
      'How was it?',
    ]);
  });

  it('an anonymous survey for a course keeps no one’s name with what she said, not even in the export', async () => {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    const company = await createCompany(server.db, { site, name: 'Klang AB' });
    const course = await createCourse(server.db, { site, name: 'Beats', parts: [{ name: 'Welcome' }] });
    const learner = await createPerson(server, site, 'student', { companyId: company.id });
    const outsider = await createPerson(server, site);
    await grantAccess(server.db, { site, course, user: { id: learner.id } });
    const saved = await call(admin, 'save_survey', {
      Survey: everyKind({ Anonymous: true, AllowChange: true, Audience: 'course', AudienceId: course.id }),
    });
    const survey = saved.body.data;
    expect(survey).toMatchObject({ Anonymous: true, AllowChange: false });
    const ids = survey.Questions.map((q: { Id: number }) => q.Id);
    await call(admin, 'set_survey_status', { Id: survey.Id, Status: 'open' });

    expect((await call(outsider, 'get_survey', { Id: survey.Id })).body.State).toBe('notForYou');
    expect(
      (await call(outsider, 'answer_survey', { Id: survey.Id, Answers: answers(ids, 0, 8) })).body.error_code,
    ).toBe('FORBIDDEN');
    const answered = await call(learner, 'answer_survey', {
      Id: survey.Id,
      CourseId: course.id,
      Answers: answers(ids, 2, 8, 'Loved it'),
    });
    expect(answered.body.State).toBe('answered');
    expect((await call(learner, 'answer_survey', { Id: survey.Id, Answers: answers(ids, 2, 8) })).body.reason).toBe(
      'answered',
    );

    const responses = await server.db
      .selectFrom('survey_responses')
      .selectAll()
      .where('survey_id', '=', survey.Id)
      .execute();
    expect(responses).toEqual([
      expect.objectContaining({
        user_id: null,
        company_id: null,
        course_id: course.id,
        created_at: expect.stringMatching(/T00:00:00/),
      }),
    ]);
    const results = await call(admin, 'get_survey_results', { Id: survey.Id, CourseId: course.id });
    expect(results.body).toMatchObject({ Responses: 1, AudienceSize: 1 });
    const csv = await downloadCall(server.url, 'surveys.php', 'export_survey_results', { Id: survey.Id }, as(admin));
    const text = Buffer.from(csv.bytes).toString('utf8');
    expect(text).toContain('Loved it');
    expect(text).not.toContain(learner.email);
    expect(text.split('\n')[0]).not.toContain('email');
  });

  it('course editors choose among the site’s surveys for a Survey block; learners may not list them', async () => {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    const coach = await createPerson(server, site, 'coach');
    const student = await createPerson(server, site);
    const draft = (await call(admin, 'save_survey', { Survey: everyKind() })).body.data;
    const open = (
      await call(admin, 'save_survey', {
        Survey: everyKind({ Texts: { en: { Title: 'Check-in' }, sv: { Title: 'Avstämning' } } }),
      })
    ).body.data;
    await call(admin, 'set_survey_status', { Id: open.Id, Status: 'open' });
    const elsewhere = await createSite(server.db);
    await call(await createPerson(server, elsewhere, 'admin'), 'save_survey', { Survey: everyKind() });

    const choices = await call(coach, 'get_survey_choices');
    expect(choices.body.data).toEqual([
      { Id: open.Id, Title: 'Check-in', Status: 'open' },
      { Id: draft.Id, Title: 'How was the course?', Status: 'draft' },
    ]);
    // In the editor's own language.
    const swedishCoach = await createPerson(server, site, 'coach', { language: 'sv' });
    expect((await call(swedishCoach, 'get_survey_choices')).body.data[0]?.Title).toBe('Avstämning');
    expect((await call(student, 'get_survey_choices')).body.error_code).toBe('FORBIDDEN');
  });

  it('a learner who completes a course is asked the survey that follows it, until she answers', async () => {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    const course = await createCourse(server.db, { site, name: 'Mixing' });
    const [done, midway] = [await createPerson(server, site), await createPerson(server, site)];
    const at = new Date().toISOString();
    for (const [learner, completed] of [
      [done, at],
      [midway, null],
    ] as const) {
      await grantAccess(server.db, { site, course, user: learner });
      await server.db
        .insertInto('course_progress')
        .values({
          site_id: site.id,
          user_id: learner.id,
          course_id: course.id,
          progress_percent: completed ? 100 : 50,
          xp: 0,
          completed_at: completed,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const asked = (learner: Person) => call(learner, 'get_course_survey', { CourseId: course.id });
    const { body } = await call(admin, 'save_survey', { Survey: everyKind({ AfterCourseId: course.id }) });
    // A draft asks no one.
    expect((await asked(done)).body.data).toEqual({ Id: 0, Title: '' });
    await call(admin, 'set_survey_status', { Id: body.data.Id, Status: 'open' });
    expect((await asked(done)).body.data).toEqual({ Id: body.data.Id, Title: 'How was the course?' });
    expect((await asked(midway)).body.data.Id).toBe(0);
    const ids = body.data.Questions.map((q: { Id: number }) => q.Id);
    const answered = await call(done, 'answer_survey', {
      Id: body.data.Id,
      CourseId: course.id,
      Answers: answers(ids, 1, 9),
    });
    expect(answered.body.status).toBe('OK');
    expect((await asked(done)).body.data.Id).toBe(0);
  });

  it('a named survey that allows it takes changed answers until it closes; one not open yet says when', async () => {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    const learner = await createPerson(server, site);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const saved = await call(admin, 'save_survey', { Survey: everyKind({ AllowChange: true }) });
    const survey = saved.body.data;
    const ids = survey.Questions.map((q: { Id: number }) => q.Id);
    await call(admin, 'set_survey_status', { Id: survey.Id, Status: 'open' });
    expect((await call(learner, 'answer_survey', { Id: survey.Id, Answers: answers(ids, 0, 2) })).body.State).toBe(
      'open',
    );
    const mine = await call(learner, 'get_survey', { Id: survey.Id });
    expect(mine.body.Answers).toEqual(
      expect.arrayContaining([expect.objectContaining({ QuestionId: ids[2], Value: 2 })]),
    );
    await call(learner, 'answer_survey', { Id: survey.Id, Answers: answers(ids, 2, 10) });
    const results = await call(admin, 'get_survey_results', { Id: survey.Id });
    expect(results.body.Responses).toBe(1);
    expect(results.body.Questions[0].Counts).toEqual([0, 0, 1]);
    const csv = await downloadCall(server.url, 'surveys.php', 'export_survey_results', { Id: survey.Id }, as(admin));
    expect(Buffer.from(csv.bytes).toString('utf8')).toContain(learner.email);

    const soon = await call(admin, 'save_survey', { Survey: everyKind({ OpensAt: later }) });
    await call(admin, 'set_survey_status', { Id: soon.body.data.Id, Status: 'open' });
    expect((await call(learner, 'get_survey', { Id: soon.body.data.Id })).body.State).toBe('notYetOpen');
    const backwards = await call(admin, 'save_survey', {
      Survey: everyKind({ OpensAt: later, ClosesAt: new Date().toISOString() }),
    });
    expect(backwards.body.error_code).toBe('INVALID_REQUEST');
  });
});
