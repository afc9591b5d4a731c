import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GenerateCodes } from '../../../../shared/contract/codes/codes';
import { call } from '../../../app/api';
import { saveFile } from '../../../components/saveFile';
import { codesKeys } from '../keys';

export const CODES_PER_PAGE = 50;

/** get_codes: a page of the site's codes, newest first, narrowed by a search. */
export const useCodes = (search: string, page: number) =>
  useQuery({
    queryKey: codesKeys.list(search, page),
    queryFn: () => call('codes.php', 'get_codes', { Search: search || undefined, page, limit: CODES_PER_PAGE }),
    placeholderData: keepPreviousData,
  });

/** The site's courses to choose from (course_manager.php get_courses), archived ones left out. */
export const useCourseChoices = () =>
  useQuery({
    queryKey: codesKeys.courses,
    queryFn: async () =>
      (await call('course_manager.php', 'get_courses', {})).data.filter((course) => !course.Archived),
  });

/** get_redemptions: who redeemed a code, and when. */
export const useRedemptions = (codeId: number) =>
  useQuery({
    queryKey: codesKeys.redemptions(codeId),
    queryFn: async () => (await call('codes.php', 'get_redemptions', { Id: codeId })).data,
  });

/** generate_codes; the list is fetched again. */
export function useGenerateCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (spec: z.input<typeof GenerateCodes>) => call('codes.php', 'generate_codes', spec),
    onSettled: () => queryClient.invalidateQueries({ queryKey: codesKeys.lists }),
  });
}

/** deactivate_code; the list is fetched again. */
export function useDeactivateCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codeId: number) => call('codes.php', 'deactivate_code', { Id: codeId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: codesKeys.lists }),
  });
}

/** export_codes, saved as a file from the page. */
export async function downloadBatch(batchKey: string): Promise<void> {
  const { FileName, Csv } = await call('codes.php', 'export_codes', { BatchKey: batchKey });
  // A byte order mark, so spreadsheets read the file as UTF-8 (names with å, ä, ö).
  saveFile(new Blob(['\uFEFF', Csv], { type: 'text/csv;charset=utf-8' }), FileName);
}
