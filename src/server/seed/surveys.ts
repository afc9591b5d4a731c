import { answerSurvey, saveSurvey, setSurveyStatus } from '../modules/surveys';
import type { Db } from '../platform/db';
import { blockValues } from './factories';

const PACE = ['Slow', 'Right', 'Fast'];
const COMMENTS = [
  'More exercises on mixing, please.',
  'The videos are great; the quizzes could be harder.',
  'I would like a session on mastering.',
  'Clear and well paced.',
];

/**
 * An open survey of the demo course's learners with a few dozen answers, so /admin/surveys and its results show
 * something real; the demo student has not answered it, so she can.
 */
export async function seedDemoSurvey(
  db: Db,
  opts: { siteId: number; adminId: number; courseId: number },
): Promise<void> {
  const surveyId = await saveSurvey(db, {
    siteId: opts.siteId,
    userId: opts.adminId,
    input: {
      Id: null,
      Texts: {
        en: { Title: 'How is the course going?', Intro: 'Four short questions: they help us make the course better.' },
        sv: { Title: 'Hur går kursen?', Intro: 'Fyra korta frågor: de hjälper oss att göra kursen bättre.' },
      },
      Anonymous: false,
      Audience: 'all',
      AudienceId: null,
      OpensAt: null,
      ClosesAt: null,
      AllowChange: true,
      AfterCourseId: opts.courseId,
      Questions: [
        {
          Id: null,
          Kind: 'single',
          Required: true,
          ScaleMax: 5,
          Texts: {
            en: { Text: 'How is the pace?', Options: PACE, Low: '', High: '' },
            sv: { Text: 'Hur är tempot?', Options: ['Långsamt', 'Lagom', 'Snabbt'], Low: '', High: '' },
          },
        },
        {
          Id: null,
          Kind: 'scale',
          Required: true,
          ScaleMax: 10,
          Texts: {
            en: {
              Text: 'How likely are you to recommend the course?',
              Options: [],
              Low: 'Not at all',
              High: 'Certainly',
            },
            sv: {
              Text: 'Hur troligt är det att du rekommenderar kursen?',
              Options: [],
              Low: 'Inte alls',
              High: 'Absolut',
            },
          },
        },
        {
          Id: null,
          Kind: 'yes_no',
          Required: false,
          ScaleMax: 5,
          Texts: {
            en: { Text: 'Have you booked a coaching session?', Options: [], Low: '', High: '' },
            sv: { Text: 'Har du bokat en coachning?', Options: [], Low: '', High: '' },
          },
        },
        {
          Id: null,
          Kind: 'text',
          Required: false,
          ScaleMax: 5,
          Texts: {
            en: { Text: 'What would you like more of?', Options: [], Low: '', High: '' },
            sv: { Text: 'Vad vill du ha mer av?', Options: [], Low: '', High: '' },
          },
        },
      ],
    },
  });
  await setSurveyStatus(db, { siteId: opts.siteId, id: surveyId, status: 'open' });
  const questions = await db
    .selectFrom('survey_questions')
    .select('id')
    .where('survey_id', '=', surveyId)
    .orderBy('position')
    .execute();
  const [pace, score, coached, comment] = questions.map((q) => q.id) as [number, number, number, number];
  const learners = await db
    .selectFrom('users')
    .select(['id', 'site_id', 'company_id'])
    .where('site_id', '=', opts.siteId)
    .where('email', 'like', '%@learners.example')
    .orderBy('id')
    .limit(30)
    .execute();
  for (const [i, learner] of learners.entries()) {
    await answerSurvey(db, {
      siteId: opts.siteId,
      id: surveyId,
      user: learner,
      courseId: null,
      answers: [
        { QuestionId: pace, Choice: [1, 1, 2, 0, 1][i % 5] },
        { QuestionId: score, Value: [10, 9, 8, 6, 9, 7, 10, 4][i % 8] },
        { QuestionId: coached, Value: i % 3 === 0 ? 1 : 0 },
        ...(i % 4 === 0 ? [{ QuestionId: comment, Text: COMMENTS[(i / 4) % COMMENTS.length] }] : []),
      ],
    });
  }
}

/**
 * A short anonymous check-in of the demo course's learners, placed in the course as a Survey block on its Downloads
 * page (halfway through), so the demo course has every block kind.
 */
export async function seedCourseCheckIn(
  db: Db,
  opts: { siteId: number; adminId: number; courseId: number },
): Promise<void> {
  const surveyId = await saveSurvey(db, {
    siteId: opts.siteId,
    userId: opts.adminId,
    input: {
      Id: null,
      Texts: {
        en: { Title: 'Halfway check-in', Intro: 'Two questions, anonymous: nobody sees who answered what.' },
        sv: { Title: 'Avstämning halvvägs', Intro: 'Två frågor, anonymt: ingen ser vem som svarade vad.' },
      },
      Anonymous: true,
      Audience: 'course',
      AudienceId: opts.courseId,
      OpensAt: null,
      ClosesAt: null,
      AllowChange: false,
      AfterCourseId: null,
      Questions: [
        {
          Id: null,
          Kind: 'scale',
          Required: true,
          ScaleMax: 5,
          Texts: {
            en: { Text: 'How clear are the episodes so far?', Options: [], Low: 'Unclear', High: 'Very clear' },
            sv: { Text: 'Hur tydliga är avsnitten hittills?', Options: [], Low: 'Otydliga', High: 'Mycket tydliga' },
          },
        },
        {
          Id: null,
          Kind: 'text',
          Required: false,
          ScaleMax: 5,
          Texts: {
            en: { Text: 'What has been hardest?', Options: [], Low: '', High: '' },
            sv: { Text: 'Vad har varit svårast?', Options: [], Low: '', High: '' },
          },
        },
      ],
    },
  });
  await setSurveyStatus(db, { siteId: opts.siteId, id: surveyId, status: 'open' });
  const part = await db
    .selectFrom('course_parts')
    .select('id')
    .where('site_id', '=', opts.siteId)
    .where('course_id', '=', opts.courseId)
    .where('name', '=', 'Downloads')
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('course_blocks')
    .select((eb) => eb.fn.max('sort_id').as('sort_id'))
    .where('course_part_id', '=', part.id)
    .executeTakeFirst();
  await db
    .insertInto('course_blocks')
    .values(
      blockValues({
        site: { id: opts.siteId },
        partId: part.id,
        sortId: Number(last?.sort_id ?? 0) + 1,
        type: 'Survey',
        title: 'How is it going?',
        content: { surveyId },
      }),
    )
    .execute();
}
