import type { Metadata, Sharp } from 'sharp';
import { AppError } from '../errors';
import { createSlots } from '../lib/slots';

/**
 * Uploaded images, decoded and re-encoded here (a profile photo, a course's image), so that what is served is an
 * image the server made, never the bytes it was sent. Every decode is bounded before it starts: the format by the
 * first bytes, then its size, frames and depth by the header alone.
 */

/**
 * The most pixels an image may have: a phone's photo (12 MP) fits. Progressive JPEGs are decoded whole (about 3
 * bytes a pixel), others row by row; this bounds either to some tens of MB.
 */
export const MAX_IMAGE_PIXELS = 4096 * 4096;
/** GIFs are always decoded whole, frame by frame at 4 bytes a pixel and more: a smaller bound. */
export const MAX_GIF_PIXELS = 2048 * 2048;
/** The longest side an image may have. */
export const MAX_IMAGE_SIDE = 8192;
/** Images decoded at once in a process, and images that may wait for one; beyond them an upload is refused. */
export const IMAGE_SLOTS = 2;
export const IMAGE_QUEUE = 8;

const imageSlots = createSlots({
  slots: IMAGE_SLOTS,
  queue: IMAGE_QUEUE,
  refuse: () =>
    new AppError('TOO_MANY_REQUESTS', 'Too many images are being processed: try again in a second', {
      retry_after: 1,
    }),
});

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** The image format by the file's first bytes: no decoder (SVG, TIFF, HEIF, PDF…) ever sees anything else. */
export function sniffImage(bytes: Buffer): ImageFormat | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const six = bytes.subarray(0, 6).toString('latin1');
  if (six === 'GIF87a' || six === 'GIF89a') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

const unsupported = (message = 'The file is not a JPEG, PNG, WebP or GIF image') =>
  new AppError('UNSUPPORTED_FILE', message);

/** What the image is for, as its refusals name it ("a profile photo"). */
export interface ImagePurpose {
  label: string;
  /** The re-encoded image's box, in pixels. */
  width: number;
  height: number;
  /** `cover` crops to the box (a photo's square); `inside` keeps the whole image, never enlarged. */
  fit: 'cover' | 'inside';
}

/**
 * Refuses, from the header alone (nothing is decoded yet), an image whose decoding would cost far more than it is
 * worth: too many pixels, more than one frame, more than 8 bits a channel, or an interlaced PNG (which is decoded
 * whole, where a plain one is read row by row).
 */
function checkHeader(meta: Metadata, format: ImageFormat, purpose: ImagePurpose): number {
  if (meta.format !== format) throw unsupported();
  const { width, height } = meta;
  if (!width || !height) throw unsupported();
  const maxPixels = format === 'gif' ? MAX_GIF_PIXELS : MAX_IMAGE_PIXELS;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > maxPixels) {
    throw unsupported(`The image is too large: at most ${maxPixels} pixels and ${MAX_IMAGE_SIDE} pixels a side`);
  }
  if ((meta.pages ?? 1) > 1) throw unsupported(`An animated or multi-page image cannot be ${purpose.label}`);
  if (meta.depth !== 'uchar') throw unsupported('The image has more than 8 bits a channel');
  if (format === 'png' && meta.isProgressive) throw unsupported(`An interlaced PNG cannot be ${purpose.label}`);
  return maxPixels;
}

/**
 * Decodes and re-encodes an image (WebP, within the purpose's box, no metadata), in one of the image slots, once
 * its header passed checkHeader. `source` is the image's bytes, or the path of a file holding them; `head` its
 * first bytes.
 */
export async function reencodeImage(source: Buffer | string, head: Buffer, purpose: ImagePurpose): Promise<Buffer> {
  const format = sniffImage(head);
  if (!format) throw unsupported();
  // Loaded on the first image: libvips is about 20 MB of the process that most requests never need.
  const { default: sharp } = await import('sharp');
  return imageSlots.run(async () => {
    let meta: Metadata;
    try {
      meta = await sharp(source).metadata();
    } catch {
      throw unsupported();
    }
    const maxPixels = checkHeader(meta, format, purpose);
    try {
      const image: Sharp = sharp(source, { limitInputPixels: maxPixels, sequentialRead: true, pages: 1 }).rotate();
      return await image
        .resize(purpose.width, purpose.height, { fit: purpose.fit, withoutEnlargement: purpose.fit === 'inside' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw unsupported();
    }
  });
}
