/** What other features use of the administration: its query keys. */
export { administrationKeys } from './keys';
