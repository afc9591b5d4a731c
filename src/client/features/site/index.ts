/**
 * What other features use of the site: its public facts (title, plan, whether registration is open), its edit mode,
 * and the page texts that administrators edit in place.
 */

export { useEditMode } from './editMode';
export { useSite } from './site';
export { ContentArea } from './Texts/ContentArea';
