import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GzipPieces, keepPiece, takesGzip } from '../../src/server/platform/http/gzipPieces';

/**
 * Parts of a course as kept text, alike enough that each compresses against the one before it; without spaces, so
 * that the padding the gzip form adds is all the spaces there are.
 */
const parts = Array.from({ length: 60 }, (_, i) =>
  Buffer.from(
    `{"Id":${1000 + i},"Name":"Part_${i}_of_the_course","Blocks":[{"Id":${5000 + i},"BlockType":"Text",` +
      `"Content":{"html":"<p>Lorem_ipsum_dolor_sit_amet_${(i * 7919) % 1000},_consectetur_adipiscing_elit.</p>"}}`,
  ),
);
const GAP = 40;
const chain = () => {
  const kept: ReturnType<typeof keepPiece>[] = [];
  for (const [i, text] of parts.entries()) kept.push(keepPiece(text, kept[i - 1] ?? null, GAP));
  return kept;
};
const nthGap = (gaps: string[], i: number) => gaps[i] as string;
const end = (i: number) => `],"Done":${i % 3 === 0}}${i < parts.length - 1 ? ',' : ''}`;

describe('an answer of kept pieces and fresh text', () => {
  it('is the same text deflated, and much smaller than the text', () => {
    const kept = chain();
    const answer = new GzipPieces();
    answer.add('{"data":[');
    for (const [i, piece] of kept.entries()) {
      answer.keep(piece);
      answer.add(end(i), GAP);
    }
    answer.add(']}');
    const text = answer.text();
    const unzipped = gunzipSync(answer.gzip());
    expect(JSON.parse(unzipped.toString())).toEqual(JSON.parse(text.toString()));
    expect(unzipped.toString().replace(/ +/g, '')).toBe(text.toString());
    expect(answer.gzip().length).toBeLessThan(text.length / 2);
  });

  it('writes a piece as text where what precedes it is not what it was deflated after', () => {
    const kept = chain();
    const answer = new GzipPieces();
    // Every other piece left out, fresh text of another length between them, a piece twice, one out of order.
    for (const [i, piece] of kept.entries()) {
      if (i % 2 === 1) continue;
      answer.keep(piece);
      answer.add(`,"x":${'y'.repeat(i)}`, i % 4 === 0 ? GAP : 0);
    }
    answer.keep(kept[3] as ReturnType<typeof keepPiece>);
    answer.keep(kept[3] as ReturnType<typeof keepPiece>);
    answer.keep(kept[2] as ReturnType<typeof keepPiece>);
    expect(gunzipSync(answer.gzip()).toString().replace(/ +/g, '')).toBe(answer.text().toString());
  });

  it('joins the CRC of pieces of any size, stored in blocks of at most 64 kB', () => {
    const big = keepPiece(Buffer.from('a'.repeat(200_000)));
    const next = keepPiece(Buffer.from('b'.repeat(70_000)), big, 5);
    const answer = new GzipPieces();
    answer.add('c'.repeat(150_000));
    answer.keep(big);
    answer.add('12345', 5);
    answer.keep(next);
    answer.keep(big);
    expect(gunzipSync(answer.gzip()).equals(answer.text())).toBe(true);
  });

  it('writes a gap as its differences from the gap before it, whatever their lengths', () => {
    const answer = new GzipPieces();
    const gaps = ['a'.repeat(300), `${'a'.repeat(100)}b${'a'.repeat(199)}`, 'abc', '', 'x'.repeat(400)];
    for (const [i, gap] of gaps.entries()) {
      answer.add(gap, 320);
      if (i === 2) answer.add('z'.repeat(40_000));
    }
    const text = gunzipSync(answer.gzip()).toString();
    expect(text.replace(/ +/g, '')).toBe(answer.text().toString());
    expect(text.length).toBe(320 * 4 + 400 + 40_000);
    // The second gap is copied from the first but for one byte: a few bytes more than the first alone.
    const first = new GzipPieces();
    first.add(nthGap(gaps, 0), 320);
    const both = new GzipPieces();
    both.add(nthGap(gaps, 0), 320);
    both.add(nthGap(gaps, 1), 320);
    expect(both.gzip().length - first.gzip().length).toBeLessThan(20);
  });

  it('copies a gap the same as the one before it, whatever its length', () => {
    for (const padTo of [3, 120, 258, 259, 260, 261, 516, 517, 1000]) {
      const answer = new GzipPieces();
      for (let i = 0; i < 4; i++) {
        answer.add('{"a":1}', padTo);
        answer.add(`"x${i}"`);
      }
      const text = gunzipSync(answer.gzip()).toString();
      expect(text.replace(/ +/g, '')).toBe(answer.text().toString());
      expect(text.length).toBe(4 * Math.max(padTo, 7) + 4 * 4);
    }
  });

  it('is an empty text when nothing is written', () => {
    expect(gunzipSync(new GzipPieces().gzip()).length).toBe(0);
  });
});

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['*;q=0', false],
    ['identity', false],
    ['deflate, br', false],
    ['', false],
    [undefined, false],
  ])('%s takes gzip: %s', (header, takes) => {
    expect(takesGzip(header)).toBe(takes);
  });
});
