import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip answer assembled per request from pieces deflated once. A large answer that is mostly kept text (a
 * course's parts) with a little of the viewer's between its pieces costs milliseconds of CPU to compress on every
 * request; its kept pieces are deflated once instead, each ending on a byte boundary (a sync flush), and an answer
 * is their deflated bytes with the viewer's bytes between them as stored (uncompressed) blocks, in one gzip member.
 *
 * A kept piece is deflated with what precedes it in most answers as its dictionary: the piece before it, then `gap`
 * bytes of zeros standing for what differs per answer. JSON text has no zero bytes, so the compressor never refers
 * into the gap, only to the piece before it; its deflated bytes are right wherever that piece was written just
 * before it, followed by exactly `gap` bytes (the caller pads what it writes between them to that length with
 * JSON's spaces). Anywhere else a kept piece is written as stored text: still right, only larger. The CRC-32 of
 * the whole is joined from each piece's own (zlib's crc32_combine), so a kept piece is never read again.
 */

/** A piece of an answer's text kept with its deflated form. */
export interface KeptPiece {
  readonly text: Buffer;
  /** The piece its deflated form may follow (with `gap` bytes between); null: it refers to nothing before it. */
  readonly after: KeptPiece | null;
  readonly gap: number;
  readonly deflated: Buffer;
  readonly crc: number;
  /** x^(8·length) mod the CRC polynomial: what joining its CRC to the one before it multiplies by. */
  readonly shift: number;
}

/** The largest distance deflate refers back over. */
const WINDOW = 32 * 1024;

/** Keeps `text` with its deflated form, made to follow `after` and `gap` bytes of anything. */
export function keepPiece(text: Buffer, after: KeptPiece | null = null, gap = 0): KeptPiece {
  const reach = after ? Math.max(0, WINDOW - gap) : 0;
  const dictionary = after && reach > 0 ? Buffer.concat([after.text.subarray(-reach), Buffer.alloc(gap)]) : undefined;
  // A window no larger than the piece and its dictionary need: zlib's set-up of a full window costs more than
  // deflating a part of a course.
  const needed = (dictionary?.length ?? 0) + text.length + 262;
  const windowBits = Math.min(15, Math.max(10, Math.ceil(Math.log2(needed))));
  const deflated = deflateRawSync(text, {
    dictionary,
    windowBits,
    memLevel: 8,
    level: 6,
    finishFlush: constants.Z_SYNC_FLUSH,
  });
  return { text, after, gap, deflated, crc: crc32(text), shift: x2nModP(text.length, 3) };
}

/**
 * An answer written as kept pieces and fresh text, as JSON text (`text`) or as gzip (`gzip`). `padTo` of fresh
 * text is the gap the next kept piece expects: the gzip form pads the text with spaces to that length, which is
 * only right where JSON allows whitespace after it (between tokens, or at the end). Such a gap is written as its
 * differences from the gap before it (the same keys, often the same values: what a part's viewer did with it).
 */
export class GzipPieces {
  private readonly segments: (KeptPiece | { fresh: string | Buffer; padTo: number })[] = [];
  /** The gzip form once made: an answer kept for its viewer is written again as it is. */
  private gzipped: Buffer | null = null;

  keep(piece: KeptPiece): void {
    this.segments.push(piece);
    this.gzipped = null;
  }

  add(fresh: Buffer | string, padTo = 0): void {
    this.segments.push({ fresh, padTo });
    this.gzipped = null;
  }

  /** At most the bytes of the gzip form (fresh text at most 3 bytes a character, a gap at most 9 bits a byte). */
  gzipBound(): number {
    let size = GZIP_HEADER.length + LAST_BLOCK.length + 8;
    for (const segment of this.segments) {
      if ('fresh' in segment) {
        const bytes = Math.max(maxBytes(segment.fresh), segment.padTo);
        size += Math.ceil(bytes * 1.2) + 5 * Math.ceil(bytes / MAX_STORED) + 16;
      } else {
        size += segment.deflated.length;
      }
    }
    return size;
  }

  text(): Buffer {
    return Buffer.concat(
      this.segments.map((segment) =>
        'fresh' in segment
          ? typeof segment.fresh === 'string'
            ? Buffer.from(segment.fresh)
            : segment.fresh
          : segment.text,
      ),
    );
  }

  gzip(): Buffer {
    this.gzipped ??= this.writeGzip();
    return this.gzipped;
  }

  private writeGzip(): Buffer {
    // Everything is written into one buffer, as large as the answer is when every kept piece is written deflated;
    // it grows where a kept piece has to be stored as text.
    let out = Buffer.allocUnsafe(this.gzipBound());
    let at = GZIP_HEADER.copy(out, 0);
    /** Makes room for `bytes` more. */
    const ensure = (bytes: number) => {
      if (at + bytes <= out.length) return;
      const larger = Buffer.allocUnsafe(Math.max(out.length * 2, at + bytes));
      out.copy(larger, 0, 0, at);
      out = larger;
    };
    let crc = 0;
    let length = 0;
    const store = (bytes: Buffer) => {
      ensure(bytes.length + 5 * Math.ceil(bytes.length / MAX_STORED));
      for (let start = 0; start < bytes.length; start += MAX_STORED) {
        const size = Math.min(MAX_STORED, bytes.length - start);
        at = storedHeader(out, at, size);
        at += bytes.copy(out, at, start, start + size);
      }
      crc = crc32(bytes, crc);
      length += bytes.length;
    };
    let lastKept: KeptPiece | null = null;
    let lastKeptEnd = -1;
    const bits = new BitWriter();
    // The gap written last and the one being written, in two scratch buffers that swap. A gap the same as the one
    // before it (the same text: a part nobody has started) is one copy, its CRC joined from the earlier one's.
    let gap: Gap = { fresh: null, padTo: 0, bytes: Buffer.allocUnsafe(256), length: 0, start: -1, crc: -1, shift: 0 };
    let earlier: Gap = {
      fresh: null,
      padTo: 0,
      bytes: Buffer.allocUnsafe(256),
      length: 0,
      start: -1,
      crc: -1,
      shift: 0,
    };
    for (const segment of this.segments) {
      if (!('fresh' in segment)) {
        const usable = segment.after === null || (segment.after === lastKept && lastKeptEnd === length - segment.gap);
        if (usable) {
          ensure(segment.deflated.length);
          at += segment.deflated.copy(out, at);
          crc = (multModP(segment.shift, crc) ^ segment.crc) >>> 0;
          length += segment.text.length;
        } else {
          store(segment.text);
        }
        lastKept = segment;
        lastKeptEnd = length;
        continue;
      }
      const { fresh, padTo } = segment;
      if (padTo === 0) {
        store(typeof fresh === 'string' ? Buffer.from(fresh) : fresh);
        continue;
      }
      const distance = length - earlier.start;
      const reachable = earlier.start >= 0 && distance <= WINDOW;
      if (reachable && fresh === earlier.fresh && padTo === earlier.padTo && earlier.length >= 3) {
        if (earlier.crc < 0) {
          earlier.crc = crc32(earlier.bytes.subarray(0, earlier.length));
          earlier.shift = x2nModP(earlier.length, 3);
        }
        ensure(Math.ceil(earlier.length / 258) * 4 + 16);
        at = bits.copyEarlier(out, at, earlier.length, distance);
        crc = (multModP(earlier.shift, crc) ^ earlier.crc) >>> 0;
        earlier.start = length;
        length += earlier.length;
        continue;
      }
      const size = Math.max(maxBytes(fresh), padTo);
      if (gap.bytes.length < size) gap.bytes = Buffer.allocUnsafe(size);
      let written = typeof fresh === 'string' ? gap.bytes.write(fresh, 0) : fresh.copy(gap.bytes, 0);
      if (written < padTo) {
        gap.bytes.fill(0x20, written, padTo);
        written = padTo;
      }
      Object.assign(gap, { fresh, padTo, length: written, start: length, crc: -1 });
      const bytes = gap.bytes.subarray(0, written);
      if (reachable) {
        ensure(Math.ceil(bytes.length * 1.2) + 16);
        at = bits.againstEarlier(out, at, bytes, earlier.bytes.subarray(0, earlier.length), distance);
        crc = crc32(bytes, crc);
        length += bytes.length;
      } else {
        store(bytes);
      }
      [gap, earlier] = [earlier, gap];
    }
    ensure(LAST_BLOCK.length + 8);
    at += LAST_BLOCK.copy(out, at);
    out.writeUInt32LE(crc, at);
    out.writeUInt32LE(length >>> 0, at + 4);
    // A kept answer holds its buffer: one much larger than the answer is copied to its size.
    const gzip = out.subarray(0, at + 8);
    return out.length - gzip.length > 4096 ? Buffer.from(gzip) : gzip;
  }
}

/** A gap of an answer being written: its text, its bytes padded, where it starts, its CRC once needed. */
interface Gap {
  fresh: string | Buffer | null;
  padTo: number;
  bytes: Buffer;
  length: number;
  start: number;
  crc: number;
  shift: number;
}

/** At most the bytes of a text in UTF-8. */
const maxBytes = (text: string | Buffer) => (typeof text === 'string' ? text.length * 3 : text.length);

/** The header of a stored block that is not the last, on a byte boundary; returns where its bytes go. */
function storedHeader(out: Buffer, at: number, size: number): number {
  out[at] = 0; // not the last block, stored; the rest of the byte pads to its end
  out.writeUInt16LE(size, at + 1);
  out.writeUInt16LE(~size & 0xffff, at + 3);
  return at + 5;
}

/**
 * Whether an Accept-Encoding header takes gzip: named (or `*`, when gzip is not named) without `q=0`. Browsers
 * send `gzip, deflate, br, zstd`.
 */
export function takesGzip(header: string | undefined): boolean {
  if (!header) return false;
  let any = false;
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const takes = q === undefined || Number(q.slice(2)) > 0;
    if (coding !== '*') return takes;
    any = takes;
  }
  return any;
}

/** Blocks of deflate's fixed codes, written into an answer's buffer from the low bit of each byte. */
class BitWriter {
  private out: Buffer = Buffer.alloc(0);
  private at = 0;
  private pending = 0;
  private count = 0;

  /**
   * `bytes` as one block at `out[at]`, which copies every run of 3 or more bytes equal to those at the same place in
   * `earlier` (the output holds it `distance` bytes before) and writes the rest as literals. Returns where it ends.
   */
  againstEarlier(out: Buffer, at: number, bytes: Buffer, earlier: Buffer, distance: number): number {
    this.begin(out, at);
    let i = 0;
    while (i < bytes.length) {
      let run = 0;
      const most = Math.min(bytes.length - i, earlier.length - i, 258);
      while (run < most && bytes[i + run] === earlier[i + run]) run++;
      if (run >= 3) {
        this.match(run, distance);
        i += run;
      } else {
        this.symbol(bytes[i] as number);
        i++;
      }
    }
    return this.end();
  }

  /** A block at `out[at]` that copies `length` (3 or more) bytes from `distance` bytes before. Returns where it ends. */
  copyEarlier(out: Buffer, at: number, length: number, distance: number): number {
    this.begin(out, at);
    for (let left = length; left > 0; ) {
      // A copy is at most 258 bytes and at least 3: taking 256 where 258 would leave 1 or 2 leaves at least 3.
      const size = left > 258 ? (left - 258 < 3 ? 256 : 258) : left;
      this.match(size, distance);
      left -= size;
    }
    return this.end();
  }

  private begin(out: Buffer, at: number): void {
    this.out = out;
    this.at = at;
    this.pending = 0;
    this.count = 0;
    this.write(0b010, 3); // not the last block; fixed codes (type 1, written from its low bit)
  }

  /** The end of block, then an empty stored block (its header, the padding to a byte, LEN 0, NLEN ffff). */
  private end(): number {
    this.symbol(256);
    this.write(0, 3);
    if (this.count > 0) this.write(0, 8 - this.count);
    const { out } = this;
    out[this.at++] = 0x00;
    out[this.at++] = 0x00;
    out[this.at++] = 0xff;
    out[this.at++] = 0xff;
    return this.at;
  }

  private match(length: number, distance: number): void {
    const lengthCode = codeOf(LENGTH_BASE, length);
    this.symbol(257 + lengthCode);
    this.write(length - (LENGTH_BASE[lengthCode] as number), LENGTH_EXTRA[lengthCode] as number);
    const distanceCode = codeOf(DISTANCE_BASE, distance);
    this.write(DISTANCE_CODE[distanceCode] as number, 5);
    this.write(distance - (DISTANCE_BASE[distanceCode] as number), DISTANCE_EXTRA[distanceCode] as number);
  }

  private symbol(s: number): void {
    this.write(FIXED_CODE[s] as number, FIXED_BITS[s] as number);
  }

  private write(value: number, bits: number): void {
    this.pending |= value << this.count;
    this.count += bits;
    while (this.count >= 8) {
      this.out[this.at++] = this.pending & 0xff;
      this.pending >>>= 8;
      this.count -= 8;
    }
  }
}

/** A Huffman code as deflate writes it, from its high bit: reversed, to be written from the low bit. */
const reversed = (code: number, bits: number) => {
  let r = 0;
  for (let bit = 0; bit < bits; bit++) r |= ((code >>> bit) & 1) << (bits - 1 - bit);
  return r;
};

/** The fixed codes of the literals, the end of block and the lengths (symbols 0–287), and their lengths in bits. */
const FIXED_BITS = Array.from({ length: 288 }, (_, s) => (s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8));
const FIXED_CODE = Array.from({ length: 288 }, (_, s) =>
  reversed(
    s < 144 ? 0x30 + s : s < 256 ? 0x190 + s - 144 : s < 280 ? s - 256 : 0xc0 + s - 280,
    FIXED_BITS[s] as number,
  ),
);
const DISTANCE_CODE = Array.from({ length: 30 }, (_, code) => reversed(code, 5));

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];

/** The last index whose base is at most `value`. */
const codeOf = (bases: number[], value: number) => {
  let code = bases.length - 1;
  while ((bases[code] as number) > value) code--;
  return code;
};

/** Magic, deflate, no flags, no time, no extra flags, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty last block with the fixed codes: its header bits and the end-of-block code. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);
const MAX_STORED = 0xffff;

// ---- CRC-32 arithmetic (zlib's crc32.c: multmodp, x2nmodp) ----

const POLY = 0xedb88320;

/** a·b modulo the CRC polynomial, in CRC-32's reflected bit order. */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let bb = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= bb;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    bb = bb & 1 ? (bb >>> 1) ^ POLY : bb >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0…31. */
const X2N: number[] = [];
{
  let p = 0x40000000; // x^1
  X2N.push(p);
  for (let n = 1; n < 32; n++) {
    p = multModP(p, p);
    X2N.push(p);
  }
}

/** x^(n·2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  let rest = n;
  let bit = k;
  while (rest > 0) {
    if (rest & 1) p = multModP(X2N[bit & 31] as number, p);
    rest = Math.floor(rest / 2);
    bit++;
  }
  return p;
}
