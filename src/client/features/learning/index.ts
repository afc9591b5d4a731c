/** What other features use of learning: its query keys. */
export { learningKeys } from './keys';
