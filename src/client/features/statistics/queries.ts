import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallData } from '../../../shared/contract/define';
import type { statistics } from '../../../shared/contract/statistics/statistics';
import { call } from '../../app/api';

type Calls = typeof statistics.calls;
export type Filter = CallData<Calls['get_learner_statistics']>;

/** A view's figures for a filter; the previous ones stay on screen while the next arrive. */
const viewQuery = <T>(key: string, data: unknown, fetch: () => Promise<T>, enabled = true) => ({
  queryKey: ['statistics', key, data],
  queryFn: fetch,
  enabled,
  placeholderData: keepPreviousData,
  retry: 1,
});

export const useLearnerStatistics = (filter: Filter, enabled: boolean) =>
  useQuery(
    viewQuery(
      'learners',
      filter,
      async () => (await call('statistics.php', 'get_learner_statistics', filter)).data,
      enabled,
    ),
  );

export const useCourseStatistics = (filter: Filter, enabled: boolean) =>
  useQuery(
    viewQuery(
      'courses',
      filter,
      async () => (await call('statistics.php', 'get_course_statistics', filter)).data,
      enabled,
    ),
  );

export const useCourseFunnel = (filter: Filter, courseId: number | null) =>
  useQuery(
    viewQuery(
      'funnel',
      [filter, courseId],
      async () => (await call('statistics.php', 'get_course_funnel', { ...filter, CourseId: courseId as number })).data,
      courseId !== null,
    ),
  );

export const useEngagementStatistics = (filter: Filter, enabled: boolean) =>
  useQuery(
    viewQuery(
      'engagement',
      filter,
      async () => (await call('statistics.php', 'get_engagement_statistics', filter)).data,
      enabled,
    ),
  );

export const useSalesStatistics = (filter: Filter, enabled: boolean) =>
  useQuery(
    viewQuery(
      'sales',
      filter,
      async () => (await call('statistics.php', 'get_sales_statistics', filter)).data,
      enabled,
    ),
  );

export type GradebookQuery = CallData<Calls['get_gradebook']>;

export const useGradebook = (query: GradebookQuery | null) =>
  useQuery(
    viewQuery(
      'gradebook',
      query,
      async () => (await call('statistics.php', 'get_gradebook', query as GradebookQuery)).data,
      query !== null,
    ),
  );
