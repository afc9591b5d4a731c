/** What other features use of the administration: its query keys. */
export { administrationKeys } from './keys';
/** The site's courses and companies as choices (the surveys' audience and filters). */
export { useCompanyOptions, useCourseOptions } from './Users/queries';
