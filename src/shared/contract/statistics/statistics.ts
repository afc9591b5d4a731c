import { z } from 'zod';
import { granularities, statisticsViews } from '../../domain/statistics/statistics';
import { call, endpoint, fileCall, id, optionalId, pagination } from '../define';

const day = z.iso.date();

/**
 * What every view is asked for: a period of whole days (UTC; absent: the last 30 days), a course and a company to
 * narrow it to (0 or absent: all the caller may see), and the granularity of its series (absent: the one that draws
 * the period best).
 */
export const StatisticsFilter = z.object({
  From: day.nullable().optional(),
  To: day.nullable().optional(),
  CourseId: optionalId,
  CompanyId: optionalId,
  Granularity: z.enum(granularities).nullable().optional(),
});

/** The period and granularity a view was counted over, as the server settled them. */
const Period = z.object({ From: z.string(), To: z.string(), Granularity: z.enum(granularities) });

export const LearnerStatistics = Period.extend({
  /** Per period: distinct learners active, new registrations, sign-ins. */
  Series: z.array(z.object({ Period: z.string(), Active: z.number(), New: z.number(), SignIns: z.number() })),
  /** Over the whole period: distinct learners active (not the sum of the series), registrations, sign-ins. */
  Totals: z.object({ Active: z.number(), New: z.number(), SignIns: z.number() }),
});

export const CourseFigures = z.object({
  CourseId: z.number(),
  Name: z.string(),
  /** Learners with access to the course. */
  Enrolled: z.number(),
  /** Learners who completed at least one part. */
  Started: z.number(),
  /** Learners who completed the course within the period. */
  Completed: z.number(),
  /** Completed of enrolled, in whole percent. */
  CompletionRate: z.number(),
  /** The median days from first progress to completion of those completed in the period; null: none. */
  MedianDaysToComplete: z.number().nullable(),
});

export const CourseStatistics = Period.extend({
  Courses: z.array(CourseFigures),
  Exams: z.object({
    /** Submitted and waiting for a coach now. */
    Waiting: z.number(),
    /** Reviewed within the period. */
    Reviewed: z.number(),
    /** The median hours from submission to review of those reviewed in the period; null: none. */
    MedianReviewHours: z.number().nullable(),
  }),
});

export const FunnelPart = z.object({
  PartId: z.number(),
  SortNr: z.number(),
  Name: z.string(),
  /** Learners who have completed the part. */
  Reached: z.number(),
  /** Reached of the course's learners, in whole percent. */
  ReachedRate: z.number(),
  /** The part's quizzes and tests: learners who answered, and who passed. */
  Tests: z.array(
    z.object({ BlockId: z.number(), Kind: z.string(), Title: z.string(), Answered: z.number(), Passed: z.number() }),
  ),
});

export const CourseFunnel = z.object({
  CourseId: z.number(),
  Name: z.string(),
  Enrolled: z.number(),
  Parts: z.array(FunnelPart),
});

export const EngagementStatistics = Period.extend({
  Series: z.array(
    z.object({
      Period: z.string(),
      Xp: z.number(),
      Achievements: z.number(),
      Certificates: z.number(),
      Messages: z.number(),
      SupportRequests: z.number(),
      EarTraining: z.number(),
    }),
  ),
  /** Certificates whose validity ends within the next 30 days. */
  CertificatesExpiringSoon: z.number(),
});

export const SalesStatistics = Period.extend({
  /** Per period and product: paid orders and revenue (after refunds), in the order's currency. */
  Rows: z.array(
    z.object({
      Period: z.string(),
      ProductId: z.number(),
      ProductName: z.string(),
      Currency: z.string(),
      Orders: z.number(),
      RevenueCents: z.number(),
    }),
  ),
});

const GradebookQuery = z.object({
  CourseId: id,
  CompanyId: optionalId,
  /** Learners whose name or address holds this. */
  Search: z.string().trim().max(100).optional().default(''),
  Sort: z.enum(['name', 'progress', 'lastActivity']).optional().default('name'),
  Dir: z.enum(['asc', 'desc']).optional().default('asc'),
});

const GradebookColumn = z.object({ BlockId: z.number(), Kind: z.string(), Title: z.string(), Part: z.string() });

export const Gradebook = z.object({
  CourseId: z.number(),
  Name: z.string(),
  /** The course's quizzes and tests, and its exams, in the course's order. */
  Tests: z.array(GradebookColumn),
  Exams: z.array(GradebookColumn),
  Learners: z.array(
    z.object({
      UserId: z.number(),
      Name: z.string(),
      Email: z.string(),
      Company: z.string().nullable(),
      Progress: z.number(),
      CompletedAt: z.string().nullable(),
      /** Her last step in the course; null: none yet. */
      LastActivity: z.string().nullable(),
      /** Per test column: her latest result, or null. */
      Results: z.array(z.object({ Score: z.number(), MaxScore: z.number(), Passed: z.boolean() }).nullable()),
      /** Per exam column: its state (in_progress, submitted, completed) and the review's score (0–100, null when none was given), or null. */
      Exams: z.array(z.object({ State: z.string(), Score: z.number().nullable() }).nullable()),
    }),
  ),
  Total: z.number(),
  pagination,
});

export const statistics = endpoint('statistics.php', {
  /** Learners: active, new and signing in. A coach counts the learners of the courses he coaches. */
  get_learner_statistics: call({
    access: 'staff',
    reads: true,
    data: StatisticsFilter,
    answer: z.object({ status: z.literal('OK'), data: LearnerStatistics }),
  }),
  /** Per course: enrolled, started, completed, the completion rate and time; the exams waiting and their review. */
  get_course_statistics: call({
    access: 'staff',
    reads: true,
    data: StatisticsFilter,
    answer: z.object({ status: z.literal('OK'), data: CourseStatistics }),
  }),
  /**
   * A course's parts in order with how many of its learners completed each (where they stop stands out), and its
   * quizzes' and tests' pass rates. The period narrows it to learners who started in it. Refusals: NOT_FOUND.
   */
  get_course_funnel: call({
    access: 'staff',
    reads: true,
    data: StatisticsFilter.extend({ CourseId: id }),
    answer: z.object({ status: z.literal('OK'), data: CourseFunnel }),
  }),
  /** Xp, achievements, certificates, messages, support requests and ear-training practice per period. */
  get_engagement_statistics: call({
    access: 'staff',
    reads: true,
    data: StatisticsFilter,
    answer: z.object({ status: z.literal('OK'), data: EngagementStatistics }),
  }),
  /** Orders and revenue per product and period (administrators). */
  get_sales_statistics: call({
    access: 'admin',
    reads: true,
    data: StatisticsFilter,
    answer: z.object({ status: z.literal('OK'), data: SalesStatistics }),
  }),
  /**
   * A course's gradebook, 50 learners a page: each learner's progress, her quiz and test results, her exams' states
   * and her last activity. For the course's coaches and administrators. Refusals: NOT_FOUND, FORBIDDEN.
   */
  get_gradebook: call({
    access: 'staff',
    reads: true,
    data: GradebookQuery.extend({ page: z.number().int().min(1).max(100_000).optional().default(1) }),
    answer: z.object({ status: z.literal('OK'), data: Gradebook }),
  }),
  /** The whole gradebook of a course as CSV, with the same search and order. */
  export_gradebook: fileCall({ access: 'staff', file: 'text/csv', data: GradebookQuery }),
  /** A view's table as CSV, with the view's own filters. A coach may not export sales (FORBIDDEN). */
  export_statistics: fileCall({
    access: 'staff',
    file: 'text/csv',
    data: StatisticsFilter.extend({ View: z.enum(statisticsViews) }),
  }),
});
