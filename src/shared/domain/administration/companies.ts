/** /admin/companies (the companies of the administration): the bounds of a company's fields and of its calls. */

export const MAX_COMPANY_NAME = 200;
export const MAX_CONTACT_NAME = 200;
export const MAX_CONTACT_PHONE = 30;
export const MAX_ORG_NUMBER = 32;
export const MAX_COMPANY_NOTES = 2000;
/** The most seats a company may pay for. */
export const MAX_SEATS = 1_000_000;
/** The most users one add_company_users call takes (the picker adds a few at a time). */
export const MAX_USERS_PER_ADD = 100;
/** Rows per page of the list and of a company's users: 25 unless asked, at most 100. */
export const companyListLimit = { default: 25, max: 100 } as const;
export const companySearchMax = 100;

/**
 * The form a company's name is unique in within a site: trimmed, inner spaces as one, Unicode NFC and lower case
 * (every script, as PostgreSQL's lower() and unlike SQLite's). Stored beside the name (`companies.name_key`), so
 * the one unique index holds alike on both databases.
 */
export const companyNameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').normalize('NFC').toLowerCase();

/**
 * An organisation or VAT number, checked lightly: countries write them differently (`556677-8899`, `SE556677889901`,
 * `GB 123 4567 89`), so letters, digits, spaces, dashes, dots and slashes, starting with a letter or a digit, with
 * at least four digits.
 */
export const isOrgNumber = (value: string): boolean =>
  /^[A-Za-z0-9][A-Za-z0-9 .\-/]*$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 4;

/** A telephone number, checked lightly: digits with an optional leading +, spaces, dashes, dots and brackets. */
export const isPhoneNumber = (value: string): boolean =>
  /^\+?[0-9 ()\-.]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 5;

/** Seats in use against seats paid for: `null` seats set no limit. */
export const seatsLeft = (seats: number | null, users: number): number | null =>
  seats === null ? null : Math.max(0, seats - users);
