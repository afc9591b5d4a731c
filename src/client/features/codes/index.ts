/** What other features use of codes: its query keys and the texts of a code's refusals (its pages load through the routes). */
export { codesKeys } from './keys';
export { codeRefusalKey } from './refusals';
