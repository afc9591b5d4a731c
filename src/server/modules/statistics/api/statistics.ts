import { statistics } from '../../../../shared/contract/statistics/statistics';
import { UserType } from '../../../../shared/domain/roles';
import { coachViews, type StatisticsView } from '../../../../shared/domain/statistics/statistics';
import { AppError } from '../../../platform/errors';
import { type CallContext, FileAnswer, handlers, signedInUser } from '../../../platform/handlers';
import { type CsvCell, csvStream } from '../../../platform/lib/csv';
import { courseFunnel, courseStatistics } from '../services/courses';
import { engagementStatistics } from '../services/engagement';
import { type GradebookSort, gradebook, gradebookCsv } from '../services/gradebook';
import { learnerStatistics } from '../services/learners';
import { salesStatistics } from '../services/sales';
import { type Scope, type ScopeFilter, scopeFor } from '../services/scope';

const gradebookQuery = (data: { CourseId: number; Search: string; Sort: GradebookSort; Dir: 'asc' | 'desc' }) => ({
  courseId: data.CourseId,
  search: data.Search,
  sort: data.Sort,
  dir: data.Dir,
});

const period = (scope: Scope) => ({ From: scope.from, To: scope.to, Granularity: scope.granularity });

const scoped = (ctx: CallContext, filter: ScopeFilter) => scopeFor(ctx.db, signedInUser(ctx), filter);

/** A view's table: its header (the wire's field names) and rows, as the CSV export writes it. */
async function viewTable(
  ctx: CallContext,
  view: StatisticsView,
  filter: ScopeFilter,
): Promise<[string[], CsvCell[][]]> {
  const scope = await scoped(ctx, filter);
  switch (view) {
    case 'learners': {
      const { Series } = await learnerStatistics(ctx.db, scope);
      return [['Period', 'Active', 'New', 'SignIns'], Series.map((r) => [r.Period, r.Active, r.New, r.SignIns])];
    }
    case 'courses': {
      const { Courses } = await courseStatistics(ctx.db, scope);
      return [
        ['CourseId', 'Name', 'Enrolled', 'Started', 'Completed', 'CompletionRate', 'MedianDaysToComplete'],
        Courses.map((c) => [
          c.CourseId,
          c.Name,
          c.Enrolled,
          c.Started,
          c.Completed,
          c.CompletionRate,
          c.MedianDaysToComplete,
        ]),
      ];
    }
    case 'funnel': {
      if (filter.CourseId === null) throw new AppError('INVALID_REQUEST', 'Choose a course', { field: 'CourseId' });
      const funnel = await courseFunnel(ctx.db, scope, filter.CourseId, filter.From != null);
      return [
        ['SortNr', 'PartId', 'Name', 'Reached', 'ReachedRate', 'Tests', 'Answered', 'Passed'],
        funnel.Parts.map((p) => [
          p.SortNr,
          p.PartId,
          p.Name,
          p.Reached,
          p.ReachedRate,
          p.Tests.length,
          p.Tests.reduce((sum, t) => sum + t.Answered, 0),
          p.Tests.reduce((sum, t) => sum + t.Passed, 0),
        ]),
      ];
    }
    case 'engagement': {
      const { Series } = await engagementStatistics(ctx.db, scope);
      const keys = ['Xp', 'Achievements', 'Certificates', 'Messages', 'SupportRequests', 'EarTraining'] as const;
      return [['Period', ...keys], Series.map((r) => [r.Period, ...keys.map((key) => r[key])])];
    }
    case 'sales': {
      const { Rows } = await salesStatistics(ctx.db, scope);
      return [
        ['Period', 'ProductId', 'ProductName', 'Currency', 'Orders', 'Revenue'],
        Rows.map((r) => [
          r.Period,
          r.ProductId,
          r.ProductName,
          r.Currency,
          r.Orders,
          (r.RevenueCents / 100).toFixed(2),
        ]),
      ];
    }
  }
}

/** `statistics.php`: the staff's figures, a coach's limited to the courses he coaches. */
export const statisticsHandlers = handlers(statistics, {
  async get_learner_statistics(ctx, data) {
    const scope = await scoped(ctx, data);
    return { status: 'OK', data: { ...period(scope), ...(await learnerStatistics(ctx.db, scope)) } };
  },
  async get_course_statistics(ctx, data) {
    const scope = await scoped(ctx, data);
    return { status: 'OK', data: { ...period(scope), ...(await courseStatistics(ctx.db, scope)) } };
  },
  async get_course_funnel(ctx, data) {
    const scope = await scoped(ctx, data);
    return { status: 'OK', data: await courseFunnel(ctx.db, scope, data.CourseId, data.From != null) };
  },
  async get_engagement_statistics(ctx, data) {
    const scope = await scoped(ctx, data);
    return { status: 'OK', data: { ...period(scope), ...(await engagementStatistics(ctx.db, scope)) } };
  },
  async get_sales_statistics(ctx, data) {
    const scope = await scoped(ctx, data);
    return { status: 'OK', data: { ...period(scope), ...(await salesStatistics(ctx.db, scope)) } };
  },
  async get_gradebook(ctx, data) {
    const scope = await scoped(ctx, { CourseId: data.CourseId, CompanyId: data.CompanyId });
    return { status: 'OK', data: await gradebook(ctx.db, scope, gradebookQuery(data), data.page) };
  },
  async export_gradebook(ctx, data) {
    const scope = await scoped(ctx, { CourseId: data.CourseId, CompanyId: data.CompanyId });
    const { header, batches } = await gradebookCsv(ctx.db, scope, gradebookQuery(data));
    return new FileAnswer({
      name: `gradebook-${data.CourseId}.csv`,
      type: 'text/csv; charset=utf-8',
      body: csvStream(header, batches),
    });
  },
  async export_statistics(ctx, data) {
    if (signedInUser(ctx).user_type !== UserType.admin && !coachViews.includes(data.View)) {
      throw new AppError('FORBIDDEN', 'Sales are for administrators');
    }
    const [header, rows] = await viewTable(ctx, data.View, data);
    return new FileAnswer({
      name: `statistics-${data.View}.csv`,
      type: 'text/csv; charset=utf-8',
      body: csvStream(header, [rows]),
    });
  },
});
