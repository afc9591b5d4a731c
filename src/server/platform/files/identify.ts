import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors';
import { createSlots } from '../lib/slots';
import { type ImageFormat, sniffImage } from './images';

/**
 * What an uploaded file is, read from its content (its first bytes, then its container), never from its name or
 * the type the client declared; and how long a video or audio runs, read from the file with music-metadata.
 */

export type MediumKind = 'image' | 'video' | 'audio' | 'file';

export interface Identified {
  kind: MediumKind;
  /** The type it is served with. */
  mimeType: string;
  /** Its stored name's extension. */
  extension: string;
  /** An image's format (images are re-encoded, so what is stored differs). */
  imageFormat?: ImageFormat;
  /** For the containers that hold either (MP4, WebM, Ogg): whether to tell video from audio by its tracks. */
  container?: 'mp4' | 'webm' | 'ogg';
}

const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

/** Office formats by name: their content is a ZIP (OOXML, OpenDocument) or an OLE compound file (the older ones). */
const zipDocuments: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};
const oleDocuments: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const textExtensions: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };

/** What each extension a name may carry says the content is; a name that says otherwise is refused. */
const kindOfExtension: Record<string, string> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  mp4: 'mp4',
  m4v: 'mp4',
  m4a: 'mp4',
  mov: 'mp4',
  webm: 'webm',
  weba: 'webm',
  ogg: 'ogg',
  ogv: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  mp3: 'mp3',
  wav: 'wav',
  pdf: 'pdf',
  zip: 'zip',
  ...Object.fromEntries(Object.keys(zipDocuments).map((ext) => [ext, 'zip'])),
  ...Object.fromEntries(Object.keys(oleDocuments).map((ext) => [ext, 'ole'])),
  txt: 'text',
  csv: 'text',
  // Names that no content of ours may carry: a script, a page or a program is never a course's medium.
  svg: 'never',
  html: 'never',
  htm: 'never',
  js: 'never',
  sh: 'never',
  exe: 'never',
  php: 'never',
};

export const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/** Plain text: no NUL or other control bytes but tab and line ends, and valid UTF-8 (its first 4 KiB). */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The content's type by its first bytes, as a name's extension would say it (`kindOfExtension`'s values). */
function sniff(
  head: Buffer,
): { type: string; identified: Omit<Identified, 'extension'> & { extension?: string } } | null {
  const image = sniffImage(head);
  if (image) {
    const extension = image === 'jpeg' ? '.jpg' : `.${image}`;
    return { type: image, identified: { kind: 'image', mimeType: `image/${image}`, extension, imageFormat: image } };
  }
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    const audio = brand === 'M4A ' || brand === 'M4B ';
    return {
      type: 'mp4',
      identified: audio
        ? { kind: 'audio', mimeType: 'audio/mp4', extension: '.m4a', container: 'mp4' }
        : { kind: 'video', mimeType: 'video/mp4', extension: '.mp4', container: 'mp4' },
    };
  }
  if (head.readUInt32BE(0) === 0x1a45dfa3 && ascii(head, 0, 64).includes('webm')) {
    return {
      type: 'webm',
      identified: { kind: 'video', mimeType: 'video/webm', extension: '.webm', container: 'webm' },
    };
  }
  if (ascii(head, 0, 4) === 'OggS') {
    return { type: 'ogg', identified: { kind: 'audio', mimeType: 'audio/ogg', extension: '.ogg', container: 'ogg' } };
  }
  if (ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe6) === 0xe2)) {
    return { type: 'mp3', identified: { kind: 'audio', mimeType: 'audio/mpeg', extension: '.mp3' } };
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') {
    return { type: 'wav', identified: { kind: 'audio', mimeType: 'audio/wav', extension: '.wav' } };
  }
  if (ascii(head, 0, 5) === '%PDF-') {
    return { type: 'pdf', identified: { kind: 'file', mimeType: 'application/pdf', extension: '.pdf' } };
  }
  if (ascii(head, 0, 4) === 'PK\u0003\u0004') {
    return { type: 'zip', identified: { kind: 'file', mimeType: 'application/zip' } };
  }
  if (head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) {
    return { type: 'ole', identified: { kind: 'file', mimeType: 'application/octet-stream' } };
  }
  if (looksLikeText(head)) return { type: 'text', identified: { kind: 'file', mimeType: 'text/plain' } };
  return null;
}

const describe: Record<string, string> = {
  jpeg: 'a JPEG image',
  png: 'a PNG image',
  webp: 'a WebP image',
  gif: 'a GIF image',
  mp4: 'an MP4 video or audio',
  webm: 'a WebM video or audio',
  ogg: 'an Ogg video or audio',
  mp3: 'an MP3 audio',
  wav: 'a WAV audio',
  pdf: 'a PDF document',
  zip: 'a ZIP archive',
  ole: 'an Office document',
  text: 'a text file',
};

/**
 * What the file is by its content. Refused (UNSUPPORTED_FILE) when the content is none of the types taken, and
 * when the name's extension says something else than the content (a script named `photo.png`): a name is never
 * what decides, but a file that lies about itself is not stored.
 */
export function identifyMedium(head: Buffer, originalName: string): Identified {
  const found = sniff(head);
  const ext = extensionOf(originalName);
  const claimed = kindOfExtension[ext];
  if (!found) {
    throw new AppError(
      'UNSUPPORTED_FILE',
      claimed && claimed !== 'never'
        ? `The file is named .${ext} but its content is not ${describe[claimed]}`
        : 'The file is not an image (JPEG, PNG, WebP, GIF), a video (MP4, WebM, Ogg), an audio (MP3, M4A, Ogg, WAV) or a document (PDF, ZIP, Office, text)',
    );
  }
  if (claimed === 'never' || (claimed && claimed !== found.type)) {
    throw new AppError(
      'UNSUPPORTED_FILE',
      `The file is named .${ext} but its content is ${describe[found.type]}: give it its true name`,
    );
  }
  const { identified } = found;
  if (found.type === 'zip') {
    const mimeType = zipDocuments[ext];
    return { ...identified, mimeType: mimeType ?? 'application/zip', extension: mimeType ? `.${ext}` : '.zip' };
  }
  if (found.type === 'ole') {
    const mimeType = oleDocuments[ext];
    if (!mimeType) throw new AppError('UNSUPPORTED_FILE', 'An Office document must be named .doc, .xls or .ppt');
    return { ...identified, mimeType, extension: `.${ext}` };
  }
  if (found.type === 'text') {
    // Text is taken as a document only under a text name: any text (a script) is text, a document it must say.
    const mimeType = textExtensions[ext];
    if (!mimeType) throw new AppError('UNSUPPORTED_FILE', 'A text document must be named .txt or .csv');
    return { ...identified, mimeType: `${mimeType}; charset=utf-8`, extension: `.${ext}` };
  }
  return { ...identified, extension: identified.extension ?? '' };
}

/** Media whose length is being read at once in a process, and that may wait; beyond them an upload is refused. */
const lengthSlots = createSlots({
  slots: 2,
  queue: 8,
  refuse: () =>
    new AppError('TOO_MANY_REQUESTS', 'Too many media are being processed: try again in a second', {
      retry_after: 1,
    }),
});

/** The movie header's length of an MP4 (its `moov`/`mvhd` box), for a video without an audio track. */
async function mp4MovieSeconds(file: string): Promise<number | undefined> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    const boxAt = async (at: number) => {
      const { bytesRead } = await handle.read(header, 0, 16, at);
      if (bytesRead < 8) return null;
      let length = header.readUInt32BE(0);
      let body = 8;
      if (length === 1 && bytesRead >= 16) {
        length = Number(header.readBigUInt64BE(8));
        body = 16;
      } else if (length === 0) {
        length = size - at;
      }
      return length >= body ? { type: ascii(header, 4, 8), length, body: at + body } : null;
    };
    const find = async (type: string, from: number, to: number) => {
      for (let at = from, boxes = 0; at < to && boxes < 1000; boxes++) {
        const box = await boxAt(at);
        if (!box) return null;
        if (box.type === type) return box;
        at += box.length;
      }
      return null;
    };
    const moov = await find('moov', 0, size);
    const mvhd = moov && (await find('mvhd', moov.body, moov.body + moov.length));
    if (!mvhd) return undefined;
    const fields = Buffer.alloc(32);
    await handle.read(fields, 0, 32, mvhd.body);
    const version = fields[0];
    const [scale, duration] =
      version === 1
        ? [fields.readUInt32BE(20), Number(fields.readBigUInt64BE(24))]
        : [fields.readUInt32BE(12), fields.readUInt32BE(16)];
    return scale > 0 ? duration / scale : undefined;
  } finally {
    await handle.close();
  }
}

/** A length as stored and shown: to the millisecond. */
export const roundedSeconds = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * A video's or audio's length in seconds, read from the file (music-metadata; an MP4 without sound by its movie
 * header), and whether it holds a video track. Refused when no length can be read: the file is not the medium it
 * starts like.
 */
export async function readMediaLength(
  file: string,
  identified: Identified,
): Promise<{ seconds: number; hasVideo: boolean | undefined }> {
  const { parseFile } = await import('music-metadata');
  return lengthSlots.run(async () => {
    let seconds: number | undefined;
    let hasVideo: boolean | undefined;
    try {
      const { format } = await parseFile(file, { duration: true, skipCovers: true });
      seconds = format.duration;
      hasVideo = format.hasVideo;
    } catch {
      seconds = undefined;
    }
    if ((seconds === undefined || !Number.isFinite(seconds)) && identified.container === 'mp4') {
      seconds = await mp4MovieSeconds(file).catch(() => undefined);
    }
    if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
      throw new AppError(
        'UNSUPPORTED_FILE',
        `The length of the ${identified.kind} could not be read from the file: it is not a playable ${identified.kind}`,
      );
    }
    return { seconds, hasVideo };
  });
}
