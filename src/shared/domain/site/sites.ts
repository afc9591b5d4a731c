/**
 * The names and host names of sites (spec §1: one platform, many schools). A site's name is what the `site`
 * header carries and, for a self-service trial, the first label of its host (`<name>.<TRIAL_DOMAIN>`), so it is a
 * DNS label: lower-case letters, digits and inner hyphens.
 */
export const SITE_NAME_MIN = 3;
export const SITE_NAME_MAX = 40;

const SITE_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Names a school cannot take: the platform's own, and words that would pass for it or for a service. */
export const RESERVED_SITE_NAMES: ReadonlySet<string> = new Set([
  'main',
  'www',
  'api',
  'app',
  'admin',
  'administrator',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'static',
  'assets',
  'media',
  'cdn',
  'help',
  'support',
  'status',
  'demo',
  'test',
  'staging',
  'dev',
  'localhost',
  'root',
  'system',
  'platform',
  'login',
  'register',
  'billing',
  'security',
  'docs',
  'blog',
  'trial',
]);

export type SiteNameProblem = 'length' | 'format' | 'reserved';

/** What is wrong with a site name a school asks for, or null. */
export function siteNameProblem(name: string): SiteNameProblem | null {
  if (name.length < SITE_NAME_MIN || name.length > SITE_NAME_MAX) return 'length';
  if (!SITE_NAME.test(name) || name.includes('--')) return 'format';
  if (RESERVED_SITE_NAMES.has(name)) return 'reserved';
  return null;
}

/** A site name made from a school's name, for the form to suggest: `Nordic Music School` → `nordic-music-school`. */
export function suggestSiteName(schoolName: string): string {
  return schoolName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SITE_NAME_MAX)
    .replace(/-+$/g, '');
}

/** The longest host name DNS allows. */
export const HOST_MAX = 253;

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A host name as it is stored and compared: lower case, without a port or a trailing dot; null when it is not a
 * host name (a URL, a path, an address with user info, an empty label).
 */
export function normalizeHost(input: string): string | null {
  const host = input.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (host.length === 0 || host.length > HOST_MAX) return null;
  return host.split('.').every((label) => HOST_LABEL.test(label)) ? host : null;
}

/** How long a self-service trial's verification link works (once). */
export const TRIAL_LINK_VALID_HOURS = 24;
/** Trial links mailed to one address per hour. */
export const TRIAL_MAILS_PER_ADDRESS = { limit: 3, windowSeconds: 3600 } as const;
/** Trial links asked for from one source (an IPv4 address or an IPv6 /64) per hour. */
export const TRIAL_MAILS_PER_SOURCE = { limit: 10, windowSeconds: 3600 } as const;
/** The schools one verified address may start by itself; the operator makes more (`npm run site`). */
export const TRIAL_SITES_PER_ADDRESS = 3;
