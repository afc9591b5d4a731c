import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { checkPasswordShape, type PasswordProblem } from '../../shared/domain/password';

// OWASP's scrypt parameters (N=2^14, r=8, p=5): 16 MiB and a few tens of milliseconds per hash.
const N = 2 ** 14;
const R = 8;
const P = 5;
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

const derive = (password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (err, key) =>
      err ? reject(err) : resolve(key),
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

/** The full ASVS 5.0 check: the shape rules plus a list of about 49,000 commonly used passwords. */
export function checkPasswordStrength(password: string, email: string): PasswordProblem | null {
  const problem = checkPasswordShape(password, email);
  if (problem) return problem;
  return commonPasswords.has(password.toLowerCase()) ? 'TOO_COMMON' : null;
}
