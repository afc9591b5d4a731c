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
 * only right where JSON allows whitespace after it (between tokens, or at the end).
 */
export class GzipPieces {
  private readonly segments: (KeptPiece | { fresh: Buffer; padTo: number })[] = [];

  keep(piece: KeptPiece): void {
    this.segments.push(piece);
  }

  add(fresh: Buffer | string, padTo = 0): void {
    this.segments.push({ fresh: typeof fresh === 'string' ? Buffer.from(fresh) : fresh, padTo });
  }

  text(): Buffer {
    return Buffer.concat(this.segments.map((segment) => ('fresh' in segment ? segment.fresh : segment.text)));
  }

  gzip(): Buffer {
    const out: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let length = 0;
    /** Where each kept piece written so far ends. */
    const ends = new Map<KeptPiece, number>();
    const store = (bytes: Buffer) => {
      for (let start = 0; start < bytes.length; start += MAX_STORED) {
        const chunk = bytes.subarray(start, start + MAX_STORED);
        const header = Buffer.allocUnsafe(5);
        header[0] = 0; // not the last block, stored; the rest of the byte pads to its end
        header.writeUInt16LE(chunk.length, 1);
        header.writeUInt16LE(~chunk.length & 0xffff, 3);
        out.push(header, chunk);
      }
      crc = crc32(bytes, crc);
      length += bytes.length;
    };
    /** The gap written last: the next one is written as its differences from it. */
    let lastGap: { bytes: Buffer; start: number } | null = null;
    for (const segment of this.segments) {
      if ('fresh' in segment) {
        const { fresh, padTo } = segment;
        if (padTo === 0) {
          store(fresh);
          continue;
        }
        const bytes = fresh.length < padTo ? Buffer.concat([fresh, Buffer.alloc(padTo - fresh.length, 0x20)]) : fresh;
        const distance = lastGap ? length - lastGap.start : 0;
        if (lastGap && distance <= WINDOW) {
          out.push(againstEarlier(bytes, lastGap.bytes, distance));
          crc = crc32(bytes, crc);
          length += bytes.length;
        } else {
          store(bytes);
        }
        lastGap = { bytes, start: length - bytes.length };
        continue;
      }
      const usable = segment.after === null || ends.get(segment.after) === length - segment.gap;
      if (usable) {
        out.push(segment.deflated);
        crc = (multModP(segment.shift, crc) ^ segment.crc) >>> 0;
        length += segment.text.length;
      } else {
        store(segment.text);
      }
      ends.set(segment, length);
    }
    const trailer = Buffer.allocUnsafe(8);
    trailer.writeUInt32LE(crc, 0);
    trailer.writeUInt32LE(length >>> 0, 4);
    out.push(LAST_BLOCK, trailer);
    return Buffer.concat(out);
  }
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

/**
 * `bytes` as a block of deflate's fixed codes that copies every run of 3 or more bytes equal to those at the same
 * place in `earlier`, which the output holds `distance` bytes before (a gap between parts is mostly what the one
 * before it was: the same keys, often the same values), then an empty stored block to end on a byte boundary.
 */
function againstEarlier(bytes: Buffer, earlier: Buffer, distance: number): Buffer {
  const bits = new BitWriter(bytes.length + 16);
  bits.write(0b010, 3); // not the last block; fixed codes (type 1, written from its low bit)
  let i = 0;
  while (i < bytes.length) {
    let run = 0;
    while (i + run < bytes.length && i + run < earlier.length && run < 258 && bytes[i + run] === earlier[i + run])
      run++;
    if (run >= 3) {
      writeLength(bits, run);
      writeDistance(bits, distance);
      i += run;
    } else {
      writeLiteral(bits, bytes[i] as number);
      i++;
    }
  }
  writeLiteral(bits, 256); // end of block
  bits.write(0, 3); // an empty stored block, not the last: its header, the padding to a byte, LEN 0, NLEN ffff
  bits.alignToByte();
  bits.writeBytes([0x00, 0x00, 0xff, 0xff]);
  return bits.done();
}

/** Deflate's bits, filled from the low bit of each byte. */
class BitWriter {
  private readonly buffer: Buffer;
  private at = 0;
  private pending = 0;
  private count = 0;
  constructor(capacity: number) {
    this.buffer = Buffer.alloc(capacity * 2);
  }
  write(value: number, count: number): void {
    this.pending |= value << this.count;
    this.count += count;
    while (this.count >= 8) {
      this.buffer[this.at++] = this.pending & 0xff;
      this.pending >>>= 8;
      this.count -= 8;
    }
  }
  /** A Huffman code, which deflate writes from its high bit. */
  writeCode(code: number, count: number): void {
    let reversed = 0;
    for (let bit = 0; bit < count; bit++) reversed |= ((code >>> bit) & 1) << (count - 1 - bit);
    this.write(reversed, count);
  }
  alignToByte(): void {
    if (this.count > 0) this.write(0, 8 - this.count);
  }
  writeBytes(bytes: number[]): void {
    for (const byte of bytes) this.buffer[this.at++] = byte;
  }
  done(): Buffer {
    return this.buffer.subarray(0, this.at);
  }
}

/** A literal byte or the end of block (256) in the fixed codes. */
function writeLiteral(bits: BitWriter, symbol: number): void {
  if (symbol < 144) bits.writeCode(0x30 + symbol, 8);
  else if (symbol < 256) bits.writeCode(0x190 + symbol - 144, 9);
  else if (symbol < 280) bits.writeCode(symbol - 256, 7);
  else bits.writeCode(0xc0 + symbol - 280, 8);
}

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

function writeLength(bits: BitWriter, length: number): void {
  const code = codeOf(LENGTH_BASE, length);
  writeLiteral(bits, 257 + code);
  bits.write(length - (LENGTH_BASE[code] as number), LENGTH_EXTRA[code] as number);
}

function writeDistance(bits: BitWriter, distance: number): void {
  const code = codeOf(DISTANCE_BASE, distance);
  bits.writeCode(code, 5);
  bits.write(distance - (DISTANCE_BASE[code] as number), DISTANCE_EXTRA[code] as number);
}

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
