/** My profile's purchases (orders and coaching credits): part of the profile's page. */
export { default as Purchases } from './Purchases';
