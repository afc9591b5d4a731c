import { surveys } from '../../../../shared/contract/surveys/surveys';
import type { Language } from '../../../../shared/domain/language';
import type { QuestionKind, SurveyAudience, SurveyStatus } from '../../../../shared/domain/surveys/surveys';
import { FileAnswer, handlers, signedInUser } from '../../../platform/handlers';
import { answerSurvey, surveyAfterCourse, surveyForRespondent } from '../services/answers';
import { inLanguage, questionTexts, surveyCsv, surveyResults } from '../services/results';
import {
  duplicateSurvey,
  listSurveys,
  type SurveyRecord,
  type SurveyRow,
  saveSurvey,
  setSurveyStatus,
  surveyRecord,
} from '../services/surveys';

interface SurveyTexts {
  Title: string;
  Intro: string;
}

const surveyTexts = (survey: SurveyRow) => JSON.parse(survey.texts) as Partial<Record<Language, SurveyTexts>>;

/** A survey's title in the reader's language, else the other one. */
const titleIn = (survey: SurveyRow, language: Language) => inLanguage(surveyTexts(survey), language)?.Title ?? '';

function presentSurvey({ survey, questions, responses }: SurveyRecord) {
  return {
    Id: survey.id,
    Status: survey.status as SurveyStatus,
    Texts: surveyTexts(survey),
    Anonymous: survey.anonymous === 1,
    Audience: survey.audience as SurveyAudience,
    AudienceId: survey.audience_id ?? 0,
    OpensAt: survey.opens_at,
    ClosesAt: survey.closes_at,
    AllowChange: survey.allow_change === 1,
    AfterCourseId: survey.after_course_id ?? 0,
    Questions: questions.map((question) => ({
      Id: question.id,
      Kind: question.kind as QuestionKind,
      Required: question.required === 1,
      Texts: JSON.parse(question.texts),
      ScaleMin: question.scale_min,
      ScaleMax: question.scale_max,
    })),
    Responses: responses,
    CreatedAt: survey.created_at,
  };
}

/** The language a signed-in user reads in: her own, else the one her client asked for. */
const languageOf = (ctx: { locale: Language; user: { language?: string | null } | null }): Language =>
  ctx.user?.language === 'sv' || ctx.user?.language === 'en' ? ctx.user.language : ctx.locale;

const filterOf = (data: {
  CourseId: number | null;
  CompanyId: number | null;
  From?: string | null;
  To?: string | null;
  Search: string;
}) => ({
  courseId: data.CourseId,
  companyId: data.CompanyId,
  from: data.From ?? null,
  to: data.To ?? null,
  search: data.Search,
});

/** `surveys.php`: administrators make surveys and read their results; signed-in users answer them. */
export const surveysHandlers = handlers(surveys, {
  async get_surveys(ctx) {
    const language = languageOf(ctx);
    const rows = await listSurveys(ctx.db, ctx.site.id);
    return {
      status: 'OK',
      data: rows.map((survey) => ({
        Id: survey.id,
        Title: titleIn(survey, language),
        Status: survey.status as SurveyStatus,
        Anonymous: survey.anonymous === 1,
        Questions: Number(survey.question_count ?? 0),
        Responses: Number(survey.response_count ?? 0),
        OpensAt: survey.opens_at,
        ClosesAt: survey.closes_at,
      })),
    };
  },
  async get_survey_choices(ctx) {
    const language = languageOf(ctx);
    const rows = await listSurveys(ctx.db, ctx.site.id);
    return {
      status: 'OK',
      data: rows.map((survey) => ({
        Id: survey.id,
        Title: titleIn(survey, language),
        Status: survey.status as SurveyStatus,
      })),
    };
  },
  async get_survey_admin(ctx, data) {
    return { status: 'OK', data: presentSurvey(await surveyRecord(ctx.db, ctx.site.id, data.Id)) };
  },
  async save_survey(ctx, data) {
    const id = await saveSurvey(ctx.db, { siteId: ctx.site.id, userId: signedInUser(ctx).id, input: data.Survey });
    return { status: 'OK', data: presentSurvey(await surveyRecord(ctx.db, ctx.site.id, id)) };
  },
  async duplicate_survey(ctx, data) {
    const id = await duplicateSurvey(ctx.db, { siteId: ctx.site.id, userId: signedInUser(ctx).id, id: data.Id });
    return { status: 'OK', data: presentSurvey(await surveyRecord(ctx.db, ctx.site.id, id)) };
  },
  async set_survey_status(ctx, data) {
    await setSurveyStatus(ctx.db, { siteId: ctx.site.id, id: data.Id, status: data.Status });
    return { status: 'OK', data: presentSurvey(await surveyRecord(ctx.db, ctx.site.id, data.Id)) };
  },
  async get_course_survey(ctx, data) {
    const survey = await surveyAfterCourse(ctx.db, {
      siteId: ctx.site.id,
      courseId: data.CourseId,
      user: signedInUser(ctx),
    });
    const title = survey ? titleIn(survey, languageOf(ctx)) : '';
    return { status: 'OK', data: { Id: survey?.id ?? 0, Title: title } };
  },
  async get_survey(ctx, data) {
    const user = signedInUser(ctx);
    const language = languageOf(ctx);
    const { record, state, answers } = await surveyForRespondent(ctx.db, { siteId: ctx.site.id, id: data.Id, user });
    const { survey, questions } = record;
    const texts = inLanguage(surveyTexts(survey), language);
    return {
      status: 'OK',
      State: state,
      data: {
        Id: survey.id,
        Title: texts?.Title ?? '',
        Intro: texts?.Intro ?? '',
        Anonymous: survey.anonymous === 1,
        AllowChange: survey.allow_change === 1,
        OpensAt: survey.opens_at,
        ClosesAt: survey.closes_at,
        Questions:
          state === 'open'
            ? questions.map((question) => {
                const t = questionTexts(question, language);
                return {
                  Id: question.id,
                  Kind: question.kind as QuestionKind,
                  Required: question.required === 1,
                  Text: t.Text,
                  Options: t.Options,
                  Low: t.Low,
                  High: t.High,
                  ScaleMin: question.scale_min,
                  ScaleMax: question.scale_max,
                };
              })
            : [],
      },
      Answers: answers.map((answer) => ({
        QuestionId: answer.question_id,
        Choice: answer.choice,
        Choices: answer.choices === null ? null : (JSON.parse(answer.choices) as number[]),
        Value: answer.value,
        Text: answer.text,
      })),
    };
  },
  async answer_survey(ctx, data) {
    const state = await answerSurvey(ctx.db, {
      siteId: ctx.site.id,
      id: data.Id,
      user: signedInUser(ctx),
      courseId: data.CourseId,
      answers: data.Answers,
    });
    return { status: 'OK', State: state };
  },
  async get_survey_results(ctx, data) {
    const results = await surveyResults(ctx.db, {
      siteId: ctx.site.id,
      id: data.Id,
      filter: filterOf(data),
      language: languageOf(ctx),
    });
    return {
      status: 'OK',
      Responses: results.responses,
      AudienceSize: results.audienceSize,
      Questions: results.questions,
    };
  },
  async export_survey_results(ctx, data) {
    const file = await surveyCsv(ctx.db, {
      siteId: ctx.site.id,
      id: data.Id,
      filter: filterOf(data),
      language: languageOf(ctx),
    });
    return new FileAnswer({ name: file.name, type: 'text/csv; charset=utf-8', body: file.body });
  },
});
