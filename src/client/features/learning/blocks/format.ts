/** A video length in seconds as m:ss, or h:mm:ss from an hour on. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A YouTube video id as the block stores it, checked before it goes into a URL. */
export const isYouTubeId = (id: string) => /^[A-Za-z0-9_-]{6,20}$/.test(id);

/** The privacy-friendly embed address of a YouTube video (no cookies until the viewer plays it). */
export const youTubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`;
