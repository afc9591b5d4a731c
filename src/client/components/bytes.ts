/** A file size for people: bytes, kB or MB with one decimal, in the reader's language. */
export function formatBytes(bytes: number, language: string): string {
  const format = (value: number, unit: string, digits: number) =>
    `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${unit}`;
  if (bytes < 1000) return format(Math.max(0, bytes), 'B', 0);
  if (bytes < 1_000_000) return format(bytes / 1000, 'kB', 1);
  return format(bytes / 1_000_000, 'MB', 1);
}
