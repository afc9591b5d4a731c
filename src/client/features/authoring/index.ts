export { authoringKeys } from './keys';
