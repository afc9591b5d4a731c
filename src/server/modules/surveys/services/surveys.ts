import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { QuestionInput, SurveyInput } from '../../../../shared/contract/surveys/surveys';
import type { SurveyStatus } from '../../../../shared/domain/surveys/surveys';
import { type Db, inTransaction, lockedForUpdate, now } from '../../../platform/db';
import type { SurveyQuestionsTable, SurveysTable } from '../../../platform/db/schema';
import { AppError, invalidFields } from '../../../platform/errors';

export type SurveyRow = Selectable<SurveysTable>;
export type QuestionRow = Selectable<SurveyQuestionsTable>;
type Input = z.output<typeof SurveyInput>;
type QuestionIn = z.output<typeof QuestionInput>;

export interface SurveyRecord {
  survey: SurveyRow;
  questions: QuestionRow[];
  responses: number;
}

const questionsOf = (db: Db, surveyId: number) =>
  db.selectFrom('survey_questions').selectAll().where('survey_id', '=', surveyId).orderBy('position').execute();

const responsesOf = async (db: Db, surveyId: number) =>
  Number(
    (
      await db
        .selectFrom('survey_responses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('survey_id', '=', surveyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A survey of the site with its questions and how many responded; NOT_FOUND for another site's. */
export async function surveyRecord(db: Db, siteId: number, id: number): Promise<SurveyRecord> {
  const survey = await db
    .selectFrom('surveys')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!survey) throw new AppError('NOT_FOUND', 'No such survey');
  const [questions, responses] = await Promise.all([questionsOf(db, id), responsesOf(db, id)]);
  return { survey, questions, responses };
}

/** Which of these ids are surveys of the site (what a course's Survey blocks may name). */
export async function surveyIdsOfSite(db: Db, siteId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('surveys')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The site's surveys, newest first, with their questions and responses counted. */
export async function listSurveys(db: Db, siteId: number) {
  return db
    .selectFrom('surveys')
    .selectAll('surveys')
    .select((eb) => [
      eb
        .selectFrom('survey_questions')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('survey_questions.survey_id', '=', 'surveys.id')
        .as('question_count'),
      eb
        .selectFrom('survey_responses')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('survey_responses.survey_id', '=', 'surveys.id')
        .as('response_count'),
    ])
    .where('site_id', '=', siteId)
    .orderBy('id', 'desc')
    .execute();
}

/** A question's shape: what its answers depend on. Texts may change under answers; the shape may not. */
const shapeOf = (q: { kind: string; option_count: number; scale_min: number; scale_max: number }) =>
  `${q.kind}:${q.option_count}:${q.scale_min}:${q.scale_max}`;

/** A question as stored: its options counted across languages, its scale's range. */
function questionColumns(question: QuestionIn, index: number) {
  const field = (name: string) => `Survey.Questions.${index}.${name}`;
  const languages = Object.entries(question.Texts).filter(([, texts]) => texts && texts.Text !== '');
  if (languages.length === 0) throw invalidFields({ field: field('Texts'), message: 'Write the question' });
  const choice = question.Kind === 'single' || question.Kind === 'multiple';
  const counts = new Set(languages.map(([, texts]) => texts?.Options.length ?? 0));
  const optionCount = choice ? Math.max(...counts) : 0;
  if (choice && (optionCount < 2 || counts.size > 1)) {
    throw invalidFields({
      field: field('Texts'),
      message: 'Give at least two options, the same number in each language',
    });
  }
  const texts = Object.fromEntries(
    languages.map(([language, texts]) => [
      language,
      {
        Text: texts?.Text ?? '',
        Options: choice ? (texts?.Options ?? []) : [],
        Low: question.Kind === 'scale' ? (texts?.Low ?? '') : '',
        High: question.Kind === 'scale' ? (texts?.High ?? '') : '',
      },
    ]),
  );
  const scale =
    question.Kind === 'scale' ? { min: question.ScaleMax === 10 ? 0 : 1, max: question.ScaleMax } : { min: 0, max: 0 };
  return {
    kind: question.Kind,
    required: question.Required ? 1 : 0,
    texts: JSON.stringify(texts),
    option_count: optionCount,
    scale_min: scale.min,
    scale_max: scale.max,
  };
}

async function checkReferences(db: Db, siteId: number, input: Input) {
  const exists = async (table: 'courses' | 'companies', id: number) =>
    (await db.selectFrom(table).select('id').where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst()) !==
    undefined;
  if (input.Audience !== 'all') {
    const table = input.Audience === 'course' ? 'courses' : 'companies';
    if (input.AudienceId === null || !(await exists(table, input.AudienceId))) {
      throw invalidFields({ field: 'Survey.AudienceId', message: `Choose a ${input.Audience} of the site` });
    }
  }
  if (input.AfterCourseId !== null && !(await exists('courses', input.AfterCourseId))) {
    throw invalidFields({ field: 'Survey.AfterCourseId', message: 'Choose a course of the site' });
  }
  if (input.OpensAt && input.ClosesAt && input.ClosesAt <= input.OpensAt) {
    throw invalidFields({ field: 'Survey.ClosesAt', message: 'It closes after it opens' });
  }
}

/**
 * Creates or changes a survey with its questions. A survey with responses keeps its questions' shapes (kind, order,
 * options, scale) and whether it is anonymous, so every answer still means what it meant; its texts may change.
 */
export async function saveSurvey(db: Db, opts: { siteId: number; userId: number; input: Input }): Promise<number> {
  const { input } = opts;
  const titled = Object.values(input.Texts).some((texts) => texts && texts.Title !== '');
  if (!titled) throw invalidFields({ field: 'Survey.Texts', message: 'Give the survey a title' });
  await checkReferences(db, opts.siteId, input);
  const columns = input.Questions.map(questionColumns);
  const at = now();
  const fields = {
    texts: JSON.stringify(
      Object.fromEntries(
        Object.entries(input.Texts).map(([language, texts]) => [
          language,
          { Title: texts?.Title ?? '', Intro: texts?.Intro ?? '' },
        ]),
      ),
    ),
    anonymous: input.Anonymous ? 1 : 0,
    audience: input.Audience,
    audience_id: input.Audience === 'all' ? null : input.AudienceId,
    opens_at: input.OpensAt,
    closes_at: input.ClosesAt,
    // An anonymous response is tied to no one, so no one can come back to change it.
    allow_change: input.AllowChange && !input.Anonymous ? 1 : 0,
    after_course_id: input.AfterCourseId,
    updated_at: at,
  };
  return inTransaction(db, async (trx) => {
    if (input.Id === null) {
      const created = await trx
        .insertInto('surveys')
        .values({ site_id: opts.siteId, status: 'draft', created_by_user_id: opts.userId, created_at: at, ...fields })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('survey_questions')
        .values(
          columns.map((column, index) => ({
            site_id: opts.siteId,
            survey_id: created.id,
            position: index + 1,
            ...column,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      return created.id;
    }
    const survey = await lockedForUpdate(
      trx,
      trx.selectFrom('surveys').selectAll().where('site_id', '=', opts.siteId).where('id', '=', input.Id),
    ).executeTakeFirst();
    if (!survey) throw new AppError('NOT_FOUND', 'No such survey');
    const [existing, responses] = await Promise.all([questionsOf(trx, survey.id), responsesOf(trx, survey.id)]);
    const known = new Map(existing.map((question) => [question.id, question]));
    const unknown = input.Questions.find((question) => question.Id !== null && !known.has(question.Id));
    if (unknown) throw new AppError('NOT_FOUND', 'No such question in this survey');
    if (responses > 0) {
      const same =
        survey.anonymous === fields.anonymous &&
        input.Questions.length === existing.length &&
        input.Questions.every((question, index) => {
          const before = existing[index];
          return (
            before !== undefined &&
            question.Id === before.id &&
            shapeOf(columns[index] as QuestionRow) === shapeOf(before)
          );
        });
      if (!same) {
        throw new AppError(
          'INVALID_STATE',
          'A survey with answers keeps its questions and its anonymity; duplicate it to change them',
        );
      }
    }
    await trx.updateTable('surveys').set(fields).where('id', '=', survey.id).execute();
    const kept = new Set(input.Questions.flatMap((question) => (question.Id === null ? [] : [question.Id])));
    const gone = existing.filter((question) => !kept.has(question.id)).map((question) => question.id);
    if (gone.length > 0) await trx.deleteFrom('survey_questions').where('id', 'in', gone).execute();
    for (const [index, question] of input.Questions.entries()) {
      const column = { ...(columns[index] as ReturnType<typeof questionColumns>), position: index + 1, updated_at: at };
      if (question.Id !== null) {
        await trx.updateTable('survey_questions').set(column).where('id', '=', question.Id).execute();
      } else {
        await trx
          .insertInto('survey_questions')
          .values({ site_id: opts.siteId, survey_id: survey.id, ...column, created_at: at })
          .execute();
      }
    }
    return survey.id;
  });
}

/** A draft copy of a survey: its settings and questions, no answers, "(copy)" after its titles. */
export async function duplicateSurvey(db: Db, opts: { siteId: number; userId: number; id: number }): Promise<number> {
  const { survey, questions } = await surveyRecord(db, opts.siteId, opts.id);
  const at = now();
  const texts = JSON.parse(survey.texts) as Record<string, { Title: string; Intro: string }>;
  const copy = Object.fromEntries(
    Object.entries(texts).map(([language, t]) => [
      language,
      { ...t, Title: `${t.Title} (${language === 'sv' ? 'kopia' : 'copy'})` },
    ]),
  );
  return inTransaction(db, async (trx) => {
    const { id: _id, created_at: _c, updated_at: _u, ...rest } = survey;
    const created = await trx
      .insertInto('surveys')
      .values({
        ...rest,
        texts: JSON.stringify(copy),
        status: 'draft',
        created_by_user_id: opts.userId,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('survey_questions')
      .values(
        questions.map(({ id: _qid, created_at: _qc, updated_at: _qu, ...question }) => ({
          ...question,
          survey_id: created.id,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    return created.id;
  });
}

/** Opens, closes or reopens a survey; back to a draft only while no one has answered. */
export async function setSurveyStatus(db: Db, opts: { siteId: number; id: number; status: SurveyStatus }) {
  const { survey, responses } = await surveyRecord(db, opts.siteId, opts.id);
  if (opts.status === 'draft' && responses > 0) {
    throw new AppError('INVALID_STATE', 'A survey with answers cannot go back to a draft');
  }
  await db.updateTable('surveys').set({ status: opts.status, updated_at: now() }).where('id', '=', survey.id).execute();
}
