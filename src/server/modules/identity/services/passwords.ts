import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import {
  checkPasswordShape,
  isPasswordHint,
  MIN_PASSWORD_SCORE,
  type PasswordHint,
  type PasswordProblem,
} from '../../../../shared/domain/identity/password';
import { AppError } from '../../../platform/errors';
import { createSlots } from '../../../platform/lib/slots';

// OWASP's scrypt parameters (N=2^14, r=8, p=5): 16 MiB and a few tens of milliseconds per hash.
const N = 2 ** 14;
const R = 8;
const P = 5;
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

/** Hashes that run at once: one per core, so hashing never takes the cores the rest of the server needs. */
export const HASH_SLOTS = Math.max(1, os.availableParallelism());
/** Hashes that may wait for a slot; beyond them a request is refused at once rather than queued for seconds. */
export const HASH_QUEUE = HASH_SLOTS * 8;
/** Password work (a sign-in, a registration, a reset) one source may have under way at once in a process. */
export const SOURCE_PASSWORD_JOBS = 4;

const busy = () =>
  new AppError('TOO_MANY_REQUESTS', 'Too many requests at once: try again in a second', { retry_after: 1 });

/** Hashes run in HASH_SLOTS slots, with HASH_QUEUE waiting at most. */
const hashSlots = createSlots({ slots: HASH_SLOTS, queue: HASH_QUEUE, refuse: busy });

const jobsBySource = new Map<string, number>();

/**
 * Runs a request's password work for a source (docs/security.md, "Sign-in limits and account locks"): a source
 * with SOURCE_PASSWORD_JOBS already under way is refused at once with TOO_MANY_REQUESTS, before anything is
 * counted or hashed, so one source's flood cannot fill the hashing queue that every other source waits in.
 */
export async function withPasswordWork<T>(source: string, work: () => Promise<T>): Promise<T> {
  const jobs = jobsBySource.get(source) ?? 0;
  if (jobs >= SOURCE_PASSWORD_JOBS) throw busy();
  jobsBySource.set(source, jobs + 1);
  try {
    return await work();
  } finally {
    const left = (jobsBySource.get(source) ?? 1) - 1;
    if (left > 0) jobsBySource.set(source, left);
    else jobsBySource.delete(source);
  }
}

const derive = (password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> =>
  hashSlots.run(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );

/** `scrypt$N$r$p$salt$hash`, so the parameters can be raised later without breaking stored hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash that matches nothing, verified against when an account does not exist, so timing tells nothing. */
export const dummyHash = hashPassword(randomBytes(16).toString('hex'));

const commonPasswords = new Set(dictionary['passwords-common'] as string[]);

/**
 * The estimator with the common dictionaries (passwords, names, words) and keyboard layouts. Built on first use:
 * it takes some tens of milliseconds. It looks at the first 64 characters only, which bounds its time per call;
 * a password whose first 64 characters are easy to guess is refused anyway.
 */
let estimator: ZxcvbnFactory | undefined;
const estimate = (password: string, userInputs: string[]) => {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: 64 });
  return estimator.check(password, userInputs);
};

export interface PasswordVerdict {
  problem: PasswordProblem;
  /** For EASY_TO_GUESS: what makes it easy, for the hint the forms show. */
  hint?: PasswordHint;
}

/**
 * The full check of a new password: the ASVS 5.0 shape rules, the list of about 49,000 commonly used passwords,
 * and the strength estimate (zxcvbn), which also knows the account's own name and email as guesses.
 */
export function checkPasswordStrength(
  password: string,
  email: string,
  names: readonly string[] = [],
): PasswordVerdict | null {
  const problem = checkPasswordShape(password, email);
  if (problem) return { problem };
  if (commonPasswords.has(password.toLowerCase())) return { problem: 'TOO_COMMON' };
  const userInputs = [email, ...names]
    .flatMap((input) => input.toLowerCase().split(/[\s@.+_-]+/))
    .filter((word) => word.length >= 3);
  const result = estimate(password, userInputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.feedback.warning;
  return { problem: 'EASY_TO_GUESS', hint: isPasswordHint(warning) ? warning : 'generic' };
}
