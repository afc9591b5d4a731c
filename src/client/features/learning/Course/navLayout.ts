import { useMediaQuery } from '@mantine/hooks';

/**
 * From this width the course navigation (400 px, spec §9) stands beside the content, which keeps about 600 px;
 * narrower, it is a drawer over the page. Mantine's `md` breakpoint; the layout's CSS uses the same.
 */
export const COURSE_NAV_DOCKED_QUERY = '(min-width: 62em)';

/** Whether the course navigation stands beside the content (read at once, so a wide page never flashes a drawer). */
export const useCourseNavDocked = () =>
  useMediaQuery(COURSE_NAV_DOCKED_QUERY, undefined, { getInitialValueInEffect: false });
