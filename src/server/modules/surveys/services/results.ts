import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Language } from '../../../../shared/domain/language';
import { type QuestionKind, scaleFigures } from '../../../../shared/domain/surveys/surveys';
import type { Db } from '../../../platform/db';
import { containsText } from '../../../platform/db/search';
import { csvStream } from '../../../platform/lib/csv';
import { type QuestionRow, type SurveyRow, surveyRecord } from './surveys';

export interface ResultsFilter {
  courseId: number | null;
  companyId: number | null;
  from: string | null;
  to: string | null;
  search: string;
}

/** The most free-text answers a question's results list. */
const TEXTS_SHOWN = 500;

interface QuestionTexts {
  Text: string;
  Options: string[];
  Low: string;
  High: string;
}

/** A text in the reader's language, else in the other one. */
export function inLanguage<T>(texts: Partial<Record<Language, T>>, language: Language): T | undefined {
  return texts[language] ?? Object.values(texts)[0];
}

export const questionTexts = (question: QuestionRow, language: Language): QuestionTexts =>
  inLanguage(JSON.parse(question.texts) as Partial<Record<Language, QuestionTexts>>, language) ?? {
    Text: '',
    Options: [],
    Low: '',
    High: '',
  };

/** The responses a filter takes: of a course, a company (a named survey's), a span of days. */
function responsesQuery(db: Db, survey: SurveyRow, filter: ResultsFilter) {
  let query = db.selectFrom('survey_responses').where('survey_id', '=', survey.id);
  if (filter.courseId !== null) query = query.where('course_id', '=', filter.courseId);
  if (filter.companyId !== null) query = query.where('company_id', '=', filter.companyId);
  if (filter.from) query = query.where('submitted_on', '>=', filter.from.slice(0, 10));
  if (filter.to) query = query.where('submitted_on', '<=', filter.to.slice(0, 10));
  return query;
}

/** How many a survey asks: a course's learners, a company's people, or null for everyone signed in. */
async function audienceSize(db: Db, survey: SurveyRow): Promise<number | null> {
  if (survey.audience === 'all' || survey.audience_id === null) return null;
  const row =
    survey.audience === 'company'
      ? await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('site_id', '=', survey.site_id)
          .where('company_id', '=', survey.audience_id)
          .executeTakeFirstOrThrow()
      : await db
          .selectFrom('course_access')
          .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
          .where('site_id', '=', survey.site_id)
          .where('course_id', '=', survey.audience_id)
          .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A survey's results for a filter: per question how many answered it, the count of each option or value, a scale's
 * mean and a 0–10 scale's net promoter score, and the free-text answers (containing the search). Counted in the
 * database, question by question; the free texts read at most 500 a question.
 */
export async function surveyResults(
  db: Db,
  opts: { siteId: number; id: number; filter: ResultsFilter; language: Language },
) {
  const { survey, questions } = await surveyRecord(db, opts.siteId, opts.id);
  const responses = responsesQuery(db, survey, opts.filter);
  const [total, size, answeredRows, grouped] = await Promise.all([
    responses.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    audienceSize(db, survey),
    // A response answers a question at most once: its answers counted per question are who answered it.
    db
      .selectFrom('survey_answers')
      .select(['question_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('response_id', 'in', responses.select('id'))
      .groupBy('question_id')
      .execute(),
    db
      .selectFrom('survey_answers')
      .select(['question_id', 'choice', 'value', 'choices', (eb) => eb.fn.countAll<number>().as('n')])
      .where('response_id', 'in', responses.select('id'))
      .where('text', 'is', null)
      .groupBy(['question_id', 'choice', 'value', 'choices'])
      .execute(),
  ]);
  const answered = new Map(answeredRows.map((row) => [row.question_id, Number(row.n)]));
  const results = [];
  for (const question of questions) {
    const texts = questionTexts(question, opts.language);
    const kind = question.kind as QuestionKind;
    const rows = grouped.filter((row) => row.question_id === question.id);
    let counts: number[] = [];
    let mean: number | null = null;
    let nps: number | null = null;
    let freeTexts: string[] = [];
    if (kind === 'single' || kind === 'multiple') {
      counts = Array.from({ length: question.option_count }, () => 0);
      for (const row of rows) {
        const chosen = kind === 'single' ? [row.choice] : (JSON.parse(row.choices ?? '[]') as number[]);
        for (const choice of chosen)
          if (choice !== null && choice < counts.length) counts[choice] = (counts[choice] ?? 0) + Number(row.n);
      }
    } else if (kind === 'scale' || kind === 'yes_no') {
      const values = rows.flatMap((row) => Array.from({ length: Number(row.n) }, () => row.value as number));
      const figures =
        kind === 'scale' ? scaleFigures(values, question.scale_min, question.scale_max) : scaleFigures(values, 0, 1);
      ({ counts, mean } = figures);
      nps = kind === 'scale' ? figures.nps : null;
    } else {
      let query = db
        .selectFrom('survey_answers')
        .select('text')
        .where('question_id', '=', question.id)
        .where('response_id', 'in', responses.select('id'))
        .where('text', 'is not', null);
      if (opts.filter.search) {
        query = query.where(containsText(db, [sql.ref('text')], opts.filter.search));
      }
      freeTexts = (await query.orderBy('id', 'desc').limit(TEXTS_SHOWN).execute()).map((row) => row.text ?? '');
    }
    results.push({
      Id: question.id,
      Kind: kind,
      Text: texts.Text,
      Options: texts.Options,
      Answered: answered.get(question.id) ?? 0,
      Counts: counts,
      Mean: mean,
      Nps: nps,
      Texts: freeTexts,
    });
  }
  return { responses: Number(total.n), audienceSize: size, questions: results };
}

/**
 * The responses as CSV, one a row: its day, for a named survey who answered, and each question's answer (the
 * options' texts, a value, yes or no, the text). An anonymous survey's has no one's name, and its rows in no order of
 * their coming.
 */
export async function surveyCsv(
  db: Db,
  opts: { siteId: number; id: number; filter: ResultsFilter; language: Language },
): Promise<{ name: string; body: Readable }> {
  const { survey, questions } = await surveyRecord(db, opts.siteId, opts.id);
  const named = survey.anonymous === 0;
  const texts = questions.map((question) => questionTexts(question, opts.language));
  const header = ['date', ...(named ? ['name', 'email'] : []), ...texts.map((t, index) => `Q${index + 1} ${t.Text}`)];
  async function* batches() {
    const responses = await responsesQuery(db, survey, opts.filter)
      .leftJoin('users', 'users.id', 'survey_responses.user_id')
      .select(['survey_responses.id', 'submitted_on', 'users.first_name', 'users.last_name', 'users.email'])
      .orderBy('survey_responses.id')
      .execute();
    if (!named) {
      // An anonymous survey's rows by day, shuffled within it: the order they came in is the order people answered.
      const shuffled = responses.map((response) => ({ response, key: Math.random() }));
      shuffled.sort((a, b) => a.response.submitted_on.localeCompare(b.response.submitted_on) || a.key - b.key);
      responses.splice(0, responses.length, ...shuffled.map((entry) => entry.response));
    }
    for (let start = 0; start < responses.length; start += 500) {
      const batch = responses.slice(start, start + 500);
      const answers = await db
        .selectFrom('survey_answers')
        .selectAll()
        .where(
          'response_id',
          'in',
          batch.map((response) => response.id),
        )
        .execute();
      // Each response's answers by question, found once rather than looked for per response and question.
      const answerOf = new Map(answers.map((answer) => [`${answer.response_id}:${answer.question_id}`, answer]));
      yield batch.map((response) => [
        response.submitted_on,
        ...(named ? [`${response.first_name ?? ''} ${response.last_name ?? ''}`.trim(), response.email ?? ''] : []),
        ...questions.map((question, index) => {
          const answer = answerOf.get(`${response.id}:${question.id}`);
          if (!answer) return '';
          const options = texts[index]?.Options ?? [];
          if (question.kind === 'single') return options[answer.choice ?? -1] ?? '';
          if (question.kind === 'multiple') {
            return (JSON.parse(answer.choices ?? '[]') as number[]).map((c) => options[c] ?? '').join('; ');
          }
          if (question.kind === 'yes_no') return answer.value === 1 ? 'yes' : 'no';
          if (question.kind === 'scale') return answer.value ?? '';
          return answer.text ?? '';
        }),
      ]);
    }
  }
  return { name: `survey-${survey.id}.csv`, body: csvStream(header, batches()) };
}
