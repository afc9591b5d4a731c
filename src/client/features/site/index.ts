/** What other features use of the site: its public facts (title, plan, whether registration is open). */

export { useSite } from './site';
