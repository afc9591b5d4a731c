import { isStaffUser } from '../../../../shared/domain/roles';

/**
 * The `triedUrl` to go to after signing in, only when it is a path on this site: a single leading slash,
 * no scheme, no `//host` or `/\host` (which browsers read as another host). Anything else gives null.
 */
export function safeTriedUrl(raw: string | null, origin: string = window.location.origin): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters and whitespace can be dropped by URL parsing and turn a path into a host.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point here
  if (/[\u0000-\u001f\u007f\s]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a signed-in user starts: staff on their tasks (what waits for them), everyone else on My courses. Before
 * the user has loaded, a learner's page: it is the one every account may open.
 */
export function landingPath(user: { UserType: number; privilegies: number } | null): string {
  return user && isStaffUser(user) ? '/Tasks' : '/MyCourses';
}

/** Where to go after signing in: the tried path, unless it leads back to the sign-in page itself; else her landing. */
export function signInTarget(raw: string | null, landing: string, origin: string = window.location.origin): string {
  const tried = safeTriedUrl(raw, origin);
  if (!tried) return landing;
  const pathname = new URL(tried, origin).pathname.replace(/\/+$/, '');
  return pathname === '' || pathname.toLowerCase() === '/login' ? landing : tried;
}
