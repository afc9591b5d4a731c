/**
 * What a file is, by its first bytes and never by its name or by what its sender says: the media type a course
 * medium is served with comes from here, so a file that says it is an image but is HTML is never sent as one.
 */

export type SniffedKind = 'image' | 'video' | 'audio' | 'document';

export interface Sniffed {
  kind: SniffedKind;
  mimeType: string;
}

/** Bytes of a file's head that `sniffMedia` needs. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

/** The kind and media type of a file by its head (at least SNIFF_BYTES, or the whole file); null when unknown. */
export function sniffMedia(head: Buffer): Sniffed | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => head[at + i] === byte);
  // Images (the formats uploads take).
  if (starts([0xff, 0xd8, 0xff])) return { kind: 'image', mimeType: 'image/jpeg' };
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mimeType: 'image/png' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return { kind: 'image', mimeType: 'image/gif' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { kind: 'image', mimeType: 'image/webp' };
  // Audio and video containers.
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', mimeType: 'audio/mp4' };
    if (brand === 'qt  ') return { kind: 'video', mimeType: 'video/quicktime' };
    return { kind: 'video', mimeType: 'video/mp4' };
  }
  if (starts([0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', mimeType: 'video/webm' };
  if (ascii(head, 0, 4) === 'OggS') return { kind: 'audio', mimeType: 'audio/ogg' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return { kind: 'audio', mimeType: 'audio/wav' };
  if (ascii(head, 0, 4) === 'fLaC') return { kind: 'audio', mimeType: 'audio/flac' };
  if (ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) {
    return { kind: 'audio', mimeType: 'audio/mpeg' };
  }
  // Documents.
  if (ascii(head, 0, 5) === '%PDF-') return { kind: 'document', mimeType: 'application/pdf' };
  if (starts([0x50, 0x4b, 0x03, 0x04])) return { kind: 'document', mimeType: 'application/zip' };
  return null;
}

/**
 * The media type a downloadable file (kind `file`, always sent as an attachment with `nosniff`) keeps: the one its
 * sender named when it is a plain `type/subtype` that no browser runs (never HTML, XML, SVG or script), else the
 * one its head shows, else `application/octet-stream`.
 */
export function downloadMimeType(named: string, head: Buffer): string {
  const type = named.trim().toLowerCase();
  const plain = /^[a-z]+\/[a-z0-9][a-z0-9.+-]{0,100}$/.test(type);
  const active = /html|xml|svg|javascript|ecmascript|x-sh|multipart|message\//.test(type);
  if (plain && !active) return type;
  return sniffMedia(head)?.mimeType ?? 'application/octet-stream';
}
