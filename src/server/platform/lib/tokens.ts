import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token of 256 bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens and codes are stored only as this hash. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
