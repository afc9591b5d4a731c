import type { z } from 'zod';

/**
 * The answer check of the tests (`checkAnswers`): an answer must parse with its contract schema, and must carry
 * no key the schema does not list. zod drops unknown keys silently, so a column leaked into an answer (a hash, an
 * email, a staff-only field) would otherwise pass every test; here it fails the call. Production sends answers as
 * the services and presenters build them, which these checks hold to the contract.
 */
export function checkAnswer(schema: z.ZodType, answer: unknown): void {
  const parsed = schema.parse(answer);
  const leak = unlistedKey(answer, parsed, 'answer');
  if (leak) throw new Error(`The answer carries ${leak}, which its contract schema does not list`);
}

/** The first key of `sent` (as JSON would send it) that the parsed answer dropped, by its path; null when none. */
function unlistedKey(sent: unknown, parsed: unknown, path: string): string | null {
  if (Array.isArray(sent)) {
    if (!Array.isArray(parsed)) return null;
    for (let i = 0; i < sent.length; i++) {
      const found = unlistedKey(sent[i], parsed[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return null;
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined) continue; // JSON leaves it out
    if (!Object.hasOwn(parsed, key)) return `${path}.${key}`;
    const found = unlistedKey(value, parsed[key], `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
