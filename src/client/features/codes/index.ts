/** What other features use of codes: its query keys (nothing else yet; its pages load through the routes). */
export { codesKeys } from './keys';
