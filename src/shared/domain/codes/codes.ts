/**
 * Registration codes (spec §4, §8): a code gives access to a set of courses. Its shape, how typed input is read, its
 * status and the limits on guessing, for the server and the client alike (docs/decisions.md, "Registration codes").
 */

/**
 * The characters of a code: digits and capital letters without the look-alikes 0/O and 1/I. 32 characters, so
 * each is 5 bits of entropy; a code of 16 has 80 bits.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 16;
/** Codes are shown in groups of four: XXXX-XXXX-XXXX-XXXX. */
export const CODE_GROUP = 4;
/** The longest input read as a code: anything longer is no code at all. */
export const MAX_CODE_INPUT = 64;

/** Codes generated at once (a class's batch). */
export const MAX_CODES_PER_BATCH = 500;
export const MAX_CODE_USES = 10_000;
export const MAX_CODE_COURSES = 50;
export const MAX_ACCESS_DAYS = 3650;
export const MAX_CODE_NOTE = 200;

/**
 * Wrong codes (unknown, inactive, expired) one user, and one address, may try per window before every try is
 * refused, right ones included, until the window has passed: 80 bits cannot be guessed at this pace.
 */
export const CODE_GUESSES_PER_USER = { limit: 5, windowSeconds: 15 * 60 } as const;
export const CODE_GUESSES_PER_SOURCE = { limit: 20, windowSeconds: 15 * 60 } as const;

/** What a user typed, as codes are stored: capitals, no spaces or dashes (of any kind). */
export function normalizeCode(input: string): string {
  return input.replace(/[\s\p{Pd}]/gu, '').toUpperCase();
}

/** Whether a normalised input can be a code at all (its length and alphabet). */
export function isCodeShaped(normalized: string): boolean {
  return normalized.length === CODE_LENGTH && [...normalized].every((c) => CODE_ALPHABET.includes(c));
}

/** A stored code in groups, as shown and exported: `ABCD-EFGH-JKLM-NPQR`. */
export function formatCode(normalized: string): string {
  return normalized.match(new RegExp(`.{1,${CODE_GROUP}}`, 'g'))?.join('-') ?? normalized;
}

export type CodeStatus = 'active' | 'inactive' | 'expired';
export const codeStatuses: readonly CodeStatus[] = ['active', 'inactive', 'expired'];

/** A code deactivated by staff is inactive; one whose last day has passed is expired; else it is active. */
export function codeStatus(code: { deactivatedAt: string | null; validTo: string | null }, at: string): CodeStatus {
  if (code.deactivatedAt !== null) return 'inactive';
  if (code.validTo !== null && Date.parse(code.validTo) <= Date.parse(at)) return 'expired';
  return 'active';
}

/**
 * The wait of a refused try as the page says it: seconds under a minute, otherwise minutes and seconds
 * (spec §8, "cooldown in seconds or minutes and seconds").
 */
export function cooldownParts(seconds: number): { minutes: number; seconds: number } {
  const whole = Math.max(0, Math.ceil(seconds));
  return { minutes: Math.floor(whole / 60), seconds: whole % 60 };
}
