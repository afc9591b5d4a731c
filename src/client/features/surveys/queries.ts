import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallData } from '../../../shared/contract/define';
import type { surveys } from '../../../shared/contract/surveys/surveys';
import { call } from '../../app/api';
import { retryUnlessMissing } from '../../components/errorText';

type Calls = typeof surveys.calls;

/** The surveys' query keys: a change of one survey invalidates them all (the list shows its figures). */
export const surveyKeys = {
  all: ['surveys'] as const,
  list: ['surveys', 'list'] as const,
  admin: (id: number) => ['surveys', 'admin', id] as const,
  results: (id: number, filter: unknown) => ['surveys', 'results', id, filter] as const,
  form: (id: number) => ['surveys', 'form', id] as const,
};

export type ResultsFilter = Omit<CallData<Calls['get_survey_results']>, 'Id'>;

export const useSurveys = () =>
  useQuery({ queryKey: surveyKeys.list, queryFn: async () => (await call('surveys.php', 'get_surveys', {})).data });

/** The site's surveys a course editor may place in a course (staff). */
export const useSurveyChoices = () =>
  useQuery({
    queryKey: [...surveyKeys.all, 'choices'] as const,
    queryFn: async () => (await call('surveys.php', 'get_survey_choices', {})).data,
    staleTime: 60_000,
  });

export const useSurveyAdmin = (id: number) =>
  useQuery({
    queryKey: surveyKeys.admin(id),
    queryFn: async () => (await call('surveys.php', 'get_survey_admin', { Id: id })).data,
    enabled: id > 0,
    retry: retryUnlessMissing,
  });

export const useSurveyResults = (id: number, filter: ResultsFilter) =>
  useQuery({
    queryKey: surveyKeys.results(id, filter),
    queryFn: () => call('surveys.php', 'get_survey_results', { Id: id, ...filter }),
    enabled: id > 0,
    retry: 1,
  });

export const useSurveyForm = (id: number) =>
  useQuery({
    queryKey: surveyKeys.form(id),
    queryFn: () => call('surveys.php', 'get_survey', { Id: id }),
    enabled: id > 0,
    retry: retryUnlessMissing,
  });

/** A change of a survey (saved, copied, opened, closed, answered): every list and figure of the surveys again. */
export function useSurveyChange<D, R>(change: (data: D) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.all }),
  });
}

/** The survey that follows a course the signed-in learner has completed; `Id` 0: none. */
export const useCourseSurvey = (courseId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...surveyKeys.all, 'course', courseId] as const,
    queryFn: async () => (await call('surveys.php', 'get_course_survey', { CourseId: courseId })).data,
    enabled,
    staleTime: 60_000,
  });
