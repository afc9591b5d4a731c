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

/** Where to go after signing in: the tried path, unless it leads back to the sign-in page itself. */
export function signInTarget(raw: string | null, origin: string = window.location.origin): string {
  const tried = safeTriedUrl(raw, origin);
  if (!tried) return '/Home';
  const pathname = new URL(tried, origin).pathname.replace(/\/+$/, '');
  return pathname === '' || pathname.toLowerCase() === '/login' ? '/Home' : tried;
}
