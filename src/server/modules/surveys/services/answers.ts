import type { z } from 'zod';
import type { Answer } from '../../../../shared/contract/surveys/surveys';
import { checkAnswer, type QuestionKind, type SurveyState } from '../../../../shared/domain/surveys/surveys';
import { type Db, inTransaction, lockedForUpdate, now } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { AppError, invalidFields } from '../../../platform/errors';
import { hasCourseAccess } from '../../learning';
import { type QuestionRow, type SurveyRecord, type SurveyRow, surveyRecord } from './surveys';

type AnswerIn = z.output<typeof Answer>;
type Respondent = Pick<SessionUser, 'id' | 'site_id' | 'company_id'>;

/** Whether a user is among those a survey asks: everyone signed in, a course's learners, a company's people. */
async function inAudience(db: Db, survey: SurveyRow, user: Respondent): Promise<boolean> {
  if (survey.audience === 'all') return true;
  if (survey.audience === 'company') return survey.audience_id !== null && user.company_id === survey.audience_id;
  return (
    survey.audience_id !== null &&
    hasCourseAccess(db, { siteId: survey.site_id, userId: user.id, courseId: survey.audience_id })
  );
}

/** Whether a user has answered a survey (anonymous or not: the participants hold it). */
const hasAnswered = async (db: Db, surveyId: number, userId: number) =>
  (await db
    .selectFrom('survey_participants')
    .select('user_id')
    .where('survey_id', '=', surveyId)
    .where('user_id', '=', userId)
    .executeTakeFirst()) !== undefined;

/** What a survey is for a user now: open to her, answered, closed, not open yet, or not hers to answer. */
export async function stateFor(db: Db, survey: SurveyRow, user: Respondent): Promise<SurveyState> {
  const at = now();
  if (survey.status === 'draft' || !(await inAudience(db, survey, user))) return 'notForYou';
  if (survey.status === 'closed' || (survey.closes_at !== null && survey.closes_at <= at)) return 'closed';
  if (survey.opens_at !== null && survey.opens_at > at) return 'notYetOpen';
  if (await hasAnswered(db, survey.id, user.id)) return survey.allow_change ? 'open' : 'answered';
  return 'open';
}

/** A user's survey: its state for her, and her own answers where she may change them. */
export async function surveyForRespondent(db: Db, opts: { siteId: number; id: number; user: Respondent }) {
  const record = await surveyRecord(db, opts.siteId, opts.id);
  // A draft is not there for anyone but its editors.
  if (record.survey.status === 'draft') throw new AppError('NOT_FOUND', 'No such survey');
  const state = await stateFor(db, record.survey, opts.user);
  const answers =
    state === 'open' && record.survey.allow_change && !record.survey.anonymous
      ? await ownAnswers(db, record.survey.id, opts.user.id)
      : [];
  return { record, state, answers };
}

async function ownAnswers(db: Db, surveyId: number, userId: number) {
  return db
    .selectFrom('survey_answers')
    .innerJoin('survey_responses', 'survey_responses.id', 'survey_answers.response_id')
    .select(['survey_answers.question_id', 'choice', 'choices', 'value', 'text'])
    .where('survey_responses.survey_id', '=', surveyId)
    .where('survey_responses.user_id', '=', userId)
    .execute();
}

/** Each answer checked against its question; a required one left out, or one that does not fit, is refused. */
function storedAnswers(questions: QuestionRow[], answers: AnswerIn[]) {
  const byQuestion = new Map(answers.map((answer) => [answer.QuestionId, answer]));
  if (
    byQuestion.size !== answers.length ||
    answers.some((answer) => !questions.some((q) => q.id === answer.QuestionId))
  ) {
    throw invalidFields({ field: 'Answers', message: 'Answer each question of this survey once' });
  }
  return questions.flatMap((question, index) => {
    const answer = byQuestion.get(question.id);
    const checked = checkAnswer(
      {
        kind: question.kind as QuestionKind,
        required: question.required === 1,
        optionCount: question.option_count,
        scaleMin: question.scale_min,
        scaleMax: question.scale_max,
      },
      answer && { choice: answer.Choice, choices: answer.Choices, value: answer.Value, text: answer.Text },
    );
    if (checked === 'missing')
      throw invalidFields({ field: `Answers.${index}`, message: 'This question needs an answer' });
    if (checked === 'invalid')
      throw invalidFields({ field: `Answers.${index}`, message: 'That is not an answer to this question' });
    return checked === null ? [] : [{ questionId: question.id, ...checked }];
  });
}

/**
 * Takes a user's answers to an open survey she is asked: once, or again until it closes where it allows (her earlier
 * answers replaced). An anonymous survey's response names neither her nor her company, and carries only its day;
 * that she answered is kept apart, so she answers once.
 */
export async function answerSurvey(
  db: Db,
  opts: { siteId: number; id: number; user: Respondent; courseId: number | null; answers: AnswerIn[] },
): Promise<SurveyState> {
  const { record, state } = await surveyForRespondent(db, opts);
  refuseUnless(state, record);
  const answers = storedAnswers(record.questions, opts.answers);
  const { survey } = record;
  const day = now().slice(0, 10);
  const courseId =
    opts.courseId !== null &&
    (await hasCourseAccess(db, { siteId: opts.siteId, userId: opts.user.id, courseId: opts.courseId }))
      ? opts.courseId
      : null;
  await inTransaction(db, async (trx) => {
    // The survey's row locked: two answers of hers at once make one response.
    await lockedForUpdate(trx, trx.selectFrom('surveys').select('id').where('id', '=', survey.id)).execute();
    const answered = await hasAnswered(trx, survey.id, opts.user.id);
    if (answered && !survey.allow_change) {
      throw new AppError('INVALID_STATE', 'You have answered this survey', { reason: 'answered' });
    }
    if (answered) {
      await trx
        .deleteFrom('survey_responses')
        .where('survey_id', '=', survey.id)
        .where('user_id', '=', opts.user.id)
        .execute();
    } else {
      await trx
        .insertInto('survey_participants')
        .values({ survey_id: survey.id, user_id: opts.user.id, site_id: opts.siteId })
        .execute();
    }
    const anonymous = survey.anonymous === 1;
    // An anonymous response's times are its day's, so no moment ties it to a sign-in or a request.
    const at = anonymous ? `${day}T00:00:00.000Z` : now();
    const response = await trx
      .insertInto('survey_responses')
      .values({
        site_id: opts.siteId,
        survey_id: survey.id,
        user_id: anonymous ? null : opts.user.id,
        course_id: courseId,
        company_id: anonymous ? null : opts.user.company_id,
        submitted_on: day,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (answers.length > 0) {
      await trx
        .insertInto('survey_answers')
        .values(
          answers.map((answer) => ({
            site_id: opts.siteId,
            response_id: response.id,
            question_id: answer.questionId,
            choice: answer.choice,
            choices: answer.choices === null ? null : JSON.stringify(answer.choices),
            value: answer.value,
            text: answer.text,
          })),
        )
        .execute();
    }
  });
  return survey.allow_change ? 'open' : 'answered';
}

function refuseUnless(state: SurveyState, record: SurveyRecord) {
  if (state === 'open') return;
  if (state === 'notForYou') throw new AppError('FORBIDDEN', 'This survey is not for you');
  const messages = {
    answered: 'You have answered this survey',
    closed: 'This survey is closed',
    notYetOpen: `This survey opens ${record.survey.opens_at?.slice(0, 10) ?? 'later'}`,
  } as const;
  throw new AppError('INVALID_STATE', messages[state], { reason: state });
}

/**
 * The survey a learner is asked once she has completed a course (its `after_course_id`): the newest open one she may
 * answer and has not; null while the course is not completed, or when there is none.
 */
export async function surveyAfterCourse(
  db: Db,
  opts: { siteId: number; courseId: number; user: Respondent },
): Promise<SurveyRow | null> {
  const completed = await db
    .selectFrom('course_progress')
    .select('id')
    .where('site_id', '=', opts.siteId)
    .where('course_id', '=', opts.courseId)
    .where('user_id', '=', opts.user.id)
    .where('completed_at', 'is not', null)
    .executeTakeFirst();
  if (!completed) return null;
  const candidates = await db
    .selectFrom('surveys')
    .selectAll()
    .where('site_id', '=', opts.siteId)
    .where('after_course_id', '=', opts.courseId)
    .where('status', '=', 'open')
    .orderBy('id', 'desc')
    .execute();
  for (const survey of candidates) {
    if ((await stateFor(db, survey, opts.user)) === 'open' && !(await hasAnswered(db, survey.id, opts.user.id))) {
      return survey;
    }
  }
  return null;
}
