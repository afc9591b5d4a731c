import { z } from 'zod';
import { supportedLanguages } from '../../domain/language';
import {
  questionKinds,
  SURVEY_LIMITS,
  surveyAudiences,
  surveyStates,
  surveyStatuses,
} from '../../domain/surveys/surveys';
import { call, endpoint, fileCall, id, isoDate, moment, ok, optionalId } from '../define';

const L = SURVEY_LIMITS;
const perLanguage = <T extends z.ZodType>(schema: T) => z.partialRecord(z.enum(supportedLanguages), schema);

export const SurveyTexts = z.object({
  Title: z.string().trim().max(L.title),
  Intro: z.string().trim().max(L.intro).optional().default(''),
});

export const QuestionTexts = z.object({
  Text: z.string().trim().max(L.question),
  Options: z.array(z.string().trim().min(1).max(L.option)).max(L.options).optional().default([]),
  /** A scale's end labels ("Not at all likely", "Extremely likely"). */
  Low: z.string().trim().max(L.scaleLabel).optional().default(''),
  High: z.string().trim().max(L.scaleLabel).optional().default(''),
});

export const QuestionInput = z.object({
  /** A question kept from before (its answers stay with it); 0 or absent: a new one. */
  Id: optionalId,
  Kind: z.enum(questionKinds),
  Required: z.boolean().optional().default(false),
  Texts: perLanguage(QuestionTexts),
  /** A scale's top: 5 (1–5) or 10 (0–10). */
  ScaleMax: z
    .union([z.literal(5), z.literal(10)])
    .optional()
    .default(5),
});

export const SurveyInput = z.object({
  Id: optionalId,
  Texts: perLanguage(SurveyTexts),
  Anonymous: z.boolean(),
  Audience: z.enum(surveyAudiences),
  /** The course or company of the audience; 0 or null for `all`. */
  AudienceId: optionalId,
  OpensAt: moment,
  ClosesAt: moment,
  /** Named surveys only: a respondent may change her answers until it closes. */
  AllowChange: z.boolean().optional().default(false),
  /** A course whose learners are asked once they complete it; 0 or null: none. */
  AfterCourseId: optionalId,
  Questions: z.array(QuestionInput).min(1).max(L.questions),
});

export const Question = z.object({
  Id: z.number(),
  Kind: z.enum(questionKinds),
  Required: z.boolean(),
  Texts: perLanguage(QuestionTexts.required()),
  ScaleMin: z.number(),
  ScaleMax: z.number(),
});

/** A survey as its editor holds it. */
export const Survey = z.object({
  Id: z.number(),
  Status: z.enum(surveyStatuses),
  Texts: perLanguage(SurveyTexts.required()),
  Anonymous: z.boolean(),
  Audience: z.enum(surveyAudiences),
  AudienceId: z.number(),
  OpensAt: isoDate.nullable(),
  ClosesAt: isoDate.nullable(),
  AllowChange: z.boolean(),
  AfterCourseId: z.number(),
  Questions: z.array(Question),
  Responses: z.number(),
  CreatedAt: isoDate,
});
export type Survey = z.infer<typeof Survey>;

export const SurveySummary = z.object({
  Id: z.number(),
  /** In the caller's language, else the other one. */
  Title: z.string(),
  Status: z.enum(surveyStatuses),
  Anonymous: z.boolean(),
  Questions: z.number(),
  Responses: z.number(),
  OpensAt: isoDate.nullable(),
  ClosesAt: isoDate.nullable(),
});

/** An answer as sent and as kept: the field its question's kind takes. */
export const Answer = z.object({
  QuestionId: id,
  /** single: the option's index. */
  Choice: z.number().int().min(0).max(L.options).nullable().optional(),
  /** multiple: the options' indexes. */
  Choices: z.array(z.number().int().min(0).max(L.options)).max(L.options).nullable().optional(),
  /** scale: the value; yes_no: 1 yes, 0 no. */
  Value: z.number().int().min(0).max(10).nullable().optional(),
  Text: z.string().max(L.text).nullable().optional(),
});

/** A survey as a respondent sees it, in her language. */
export const SurveyForm = z.object({
  Id: z.number(),
  Title: z.string(),
  Intro: z.string(),
  Anonymous: z.boolean(),
  AllowChange: z.boolean(),
  OpensAt: isoDate.nullable(),
  ClosesAt: isoDate.nullable(),
  /** Empty unless she may answer. */
  Questions: z.array(
    z.object({
      Id: z.number(),
      Kind: z.enum(questionKinds),
      Required: z.boolean(),
      Text: z.string(),
      Options: z.array(z.string()),
      Low: z.string(),
      High: z.string(),
      ScaleMin: z.number(),
      ScaleMax: z.number(),
    }),
  ),
});

const ResultsFilter = z.object({
  Id: id,
  CourseId: optionalId,
  CompanyId: optionalId,
  From: moment,
  To: moment,
  /** Free-text answers containing this. */
  Search: z.string().trim().max(100).optional().default(''),
});

export const surveys = endpoint('surveys.php', {
  /** The site's surveys, newest first. */
  get_surveys: call({
    access: 'admin',
    reads: true,
    data: z.object({}),
    answer: z.object({ status: ok, data: z.array(SurveySummary) }),
  }),
  /** The site's surveys to choose from where a course places one as a block (staff): newest first. */
  get_survey_choices: call({
    access: 'staff',
    reads: true,
    data: z.object({}),
    answer: z.object({
      status: ok,
      data: z.array(z.object({ Id: z.number(), Title: z.string(), Status: z.enum(surveyStatuses) })),
    }),
  }),
  /** A survey for its editor. */
  get_survey_admin: call({
    access: 'admin',
    reads: true,
    data: z.object({ Id: id }),
    answer: z.object({ status: ok, data: Survey }),
  }),
  /**
   * Creates (Id 0) or changes a survey. A survey with answers keeps its questions as they are (their kinds, order and
   * options; texts may change); an anonymous one cannot become named, nor the other way. Refusals: NOT_FOUND,
   * INVALID_REQUEST (with the field), INVALID_STATE.
   */
  save_survey: call({
    access: 'admin',
    data: z.object({ Survey: SurveyInput }),
    answer: z.object({ status: ok, data: Survey }),
  }),
  /** A draft copy of a survey, its questions without answers. */
  duplicate_survey: call({
    access: 'admin',
    data: z.object({ Id: id }),
    answer: z.object({ status: ok, data: Survey }),
  }),
  /** Opens, closes or reopens a survey; back to draft only while it has no answers. */
  set_survey_status: call({
    access: 'admin',
    data: z.object({ Id: id, Status: z.enum(surveyStatuses) }),
    answer: z.object({ status: ok, data: Survey }),
  }),
  /**
   * A survey for the signed-in user to answer: its state for her (open, answered, closed, notYetOpen, notForYou),
   * the survey in her language (its questions only while she may answer), and her answers where she may change them.
   */
  /**
   * The survey to ask the signed-in learner about a course she has completed (a survey's `AfterCourseId`): the newest
   * open one she may answer and has not, `Id` 0 when there is none (or the course is not completed).
   */
  get_course_survey: call({
    access: 'user',
    reads: true,
    data: z.object({ CourseId: id }),
    answer: z.object({ status: ok, data: z.object({ Id: z.number(), Title: z.string() }) }),
  }),
  get_survey: call({
    access: 'user',
    reads: true,
    data: z.object({ Id: id }),
    answer: z.object({ status: ok, State: z.enum(surveyStates), data: SurveyForm, Answers: z.array(Answer) }),
  }),
  /**
   * Her answers to an open survey she is in the audience of: once, or again until it closes where it allows.
   * `CourseId`: the course she answers from (a block, a completed course). Refusals: NOT_FOUND, FORBIDDEN (not for
   * her), INVALID_STATE with `reason` (closed, notYetOpen, answered), INVALID_REQUEST (with the question).
   */
  answer_survey: call({
    access: 'user',
    data: z.object({ Id: id, CourseId: optionalId, Answers: z.array(Answer).max(L.questions) }),
    answer: z.object({ status: ok, State: z.enum(surveyStates) }),
  }),
  /**
   * The results: the responses (of the course, the company, the period asked), how many the audience holds, and
   * per question how many answered and the counts per option or value, a scale's mean, a 0–10 scale's net promoter
   * score, and the free-text answers (containing `Search`, at most 500).
   */
  get_survey_results: call({
    access: 'admin',
    reads: true,
    data: ResultsFilter,
    answer: z.object({
      status: ok,
      Responses: z.number(),
      /** How many may answer (null: every signed-in user of the site). */
      AudienceSize: z.number().nullable(),
      Questions: z.array(
        z.object({
          Id: z.number(),
          Kind: z.enum(questionKinds),
          Text: z.string(),
          Options: z.array(z.string()),
          Answered: z.number(),
          Counts: z.array(z.number()),
          Mean: z.number().nullable(),
          Nps: z.number().nullable(),
          Texts: z.array(z.string()),
        }),
      ),
    }),
  }),
  /** The responses as CSV, one a row (a named survey's with the respondent's name and address; an anonymous one's without). */
  export_survey_results: fileCall({ access: 'admin', data: ResultsFilter, file: 'text/csv' }),
});
