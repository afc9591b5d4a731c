/** A YouTube video id as a block stores it (the contract's rule). */
const VIDEO_ID = /^[\w-]{11}$/;

/** Hosts that serve YouTube pages, without a `www.`, `m.` or `music.` in front. */
const YOUTUBE_HOSTS = new Set(['youtube.com', 'youtube-nocookie.com']);

/** The first path segment of the addresses that carry the id as their second: `/embed/<id>`, `/shorts/<id>`, … */
const ID_PATHS = new Set(['embed', 'shorts', 'live', 'v']);

/**
 * The video id in what an author pastes: a video id itself, or a link to a video on YouTube (`youtube.com/watch?v=`,
 * `youtu.be/`, `/embed/`, `/shorts/`, `/live/`, with or without `https://`, `www.` or `m.`, and with any further
 * parameters such as a start time). Anything else, including look-alike hosts, is null.
 */
export function parseYouTube(input: string): string | null {
  const text = input.trim();
  if (VIDEO_ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  const [first, second] = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') candidate = first;
  else if (YOUTUBE_HOSTS.has(host)) {
    if (first === 'watch') candidate = url.searchParams.get('v');
    else if (first && ID_PATHS.has(first)) candidate = second;
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/** The address of a video on YouTube, as the editor writes a stored id back into its field. */
export const youTubeWatchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

/** The privacy-enhanced embed address (no cookies until the viewer plays it). */
export const youTubeEmbedUrl = (videoId: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;
