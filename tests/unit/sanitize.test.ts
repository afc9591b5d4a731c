import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/platform/errors';
import {
  htmlToText,
  isBlankHtml,
  isOwnImage,
  MAX_NESTING,
  sanitizeRichText,
  trimLineEnds,
} from '../../src/server/platform/lib/sanitize';

/** Milliseconds `fn` takes, the best of three (a busy machine only ever makes a run slower). */
function timed(fn: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * How much longer `fn` takes on a text four times as long: about 4 when it is linear, 16 when quadratic. A ratio
 * holds on a slow or busy machine where a figure in milliseconds does not; the smallest of a few tries, since a
 * busy moment can slow either run.
 */
function growth(text: (length: number) => string, length: number, fn: (text: string) => unknown): number {
  const short = text(length / 4);
  const long = text(length);
  fn(long); // warm up
  let smallest = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 5 && smallest >= 8; attempt++) {
    const shortTime = timed(() => fn(short));
    smallest = Math.min(smallest, timed(() => fn(long)) / Math.max(shortTime, 0.5));
  }
  return smallest;
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return null;
};

describe('links with a target', () => {
  it.each(['_blank', 'foo', '_top', '_BLANK', ''])('target=%j gets rel="noopener noreferrer"', (target) => {
    const html = sanitizeRichText(`<a href="https://example.org/" target="${target}" rel="opener">x</a>`);
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).not.toContain('rel="opener"');
  });

  it('a link without a target is left as written', () => {
    expect(sanitizeRichText('<a href="https://example.org/">x</a>')).toBe('<a href="https://example.org/">x</a>');
  });

  it('learners’ links get the same rel', () => {
    expect(sanitizeRichText('<a href="/faq" target="w">x</a>', 'learner')).toContain('rel="noopener noreferrer"');
  });
});

describe('images in what learners write', () => {
  it.each(['/media/avatar/12', '/media/7', '/media/7?e=1767225600&s=AbC-_x0'])(
    'keeps the platform’s own image %s',
    (src) => {
      expect(isOwnImage(src)).toBe(true);
      const escaped = src.replace(/&/g, '&amp;');
      expect(sanitizeRichText(`<p>a<img src="${escaped}" alt="me"></p>`, 'learner')).toBe(
        `<p>a<img src="${escaped}" alt="me" /></p>`,
      );
    },
  );

  it.each([
    'https://evil.example/x.png',
    'http://evil.example/x.png',
    '//evil.example/media/avatar/1',
    '/media/avatar/1/../../x',
    '/media/avatar/1?track=me',
    '/mediax/1',
    'media/avatar/1',
    '/\\evil.example/x.png',
    ' /media/avatar/1',
    'https://evil.example/media/avatar/1',
  ])('drops an image from %s, and keeps the text around it', (src) => {
    expect(isOwnImage(src)).toBe(false);
    expect(sanitizeRichText(`<p>before<img src="${src}">after</p>`, 'learner')).toBe('<p>beforeafter</p>');
  });

  it('foreign and own images side by side: each foreign one goes, nothing else changes', () => {
    const own = '<img src="/media/avatar/1" />';
    const html = `<p>${'<img src="https://evil.example/x.png">'.repeat(3)}${own}a${own}<img src="x">b</p>`;
    expect(sanitizeRichText(html, 'learner')).toBe(`<p>${own}a${own}b</p>`);
    expect(sanitizeRichText('<p>&lt;img /&gt;</p>', 'learner')).toBe('<p>&lt;img /&gt;</p>');
  });

  it('an image without a source goes too; a text of a foreign image alone is blank', () => {
    expect(sanitizeRichText('<img alt="x">', 'learner')).toBe('');
    expect(isBlankHtml(sanitizeRichText('<p><img src="https://evil.example/x.png"></p>', 'learner'))).toBe(true);
  });

  it('staff texts (page texts, notes) keep images from elsewhere', () => {
    expect(sanitizeRichText('<img src="https://example.org/a.png">')).toBe('<img src="https://example.org/a.png" />');
  });
});

describe('the nesting bound', () => {
  const nested = (depth: number) => `${'<b>'.repeat(depth)}x${'</b>'.repeat(depth)}`;

  it(`keeps ${MAX_NESTING} levels and refuses one more with a 400`, () => {
    expect(sanitizeRichText(nested(MAX_NESTING))).toBe(nested(MAX_NESTING));
    const error = refusal(() => sanitizeRichText(nested(MAX_NESTING + 1)));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', httpStatus: 400 });
  });

  it('counts what the parser holds open: implied and void elements do not add up', () => {
    const paragraphs = '<p>a'.repeat(5_000);
    expect(sanitizeRichText(paragraphs)).toBe('<p>a</p>'.repeat(5_000));
    const items = `<ul>${'<li>a'.repeat(5_000)}</ul>`;
    expect(sanitizeRichText(items)).toBe(`<ul>${'<li>a</li>'.repeat(5_000)}</ul>`);
    expect(sanitizeRichText('<br><img src="/media/1">'.repeat(5_000))).toContain('<br />');
  });

  it('what the editor makes at its deepest passes: lists in lists with marks', () => {
    let html = 'deep';
    for (let level = 0; level < 20; level++) html = `<ul><li><p><strong><em>${html}</em></strong></p></li></ul>`;
    expect(sanitizeRichText(html, 'learner')).toBe(html);
  });

  it('200,000 characters of <b><i>, unclosed, are refused at once', () => {
    const html = '<b><i>'.repeat(200_000 / 6);
    expect(refusal(() => sanitizeRichText(html))).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(timed(() => refusal(() => sanitizeRichText(html)))).toBeLessThan(50);
  });

  it('a stored text nested deeper than the bound still turns into text, in linear time', () => {
    const html = `${'<b><i>'.repeat(30_000)}deep<br>text`;
    expect(htmlToText(html)).toBe('deep\ntext');
    expect(timed(() => htmlToText(html))).toBeLessThan(50);
  });
});

describe('rich text to plain text', () => {
  it('blocks become lines, entities decode, spaces before a line end go', () => {
    expect(htmlToText('<p>One  \t</p><p>Two &amp; <b>three</b></p>\n\n\n\n<p>&lt;four&gt;</p>')).toBe(
      'One\nTwo & three\n\n<four>',
    );
    expect(trimLineEnds('a \t\nb  \n  c  ')).toBe('a\nb\n  c  ');
    expect(trimLineEnds('')).toBe('');
    expect(trimLineEnds('\n\n')).toBe('\n\n');
  });

  it('blank: nothing but white space and empty tags; an image or a visible character is not', () => {
    for (const blank of ['', '<p></p>', '<p>   </p><p><br /></p>', '\u00a0 \t\n', '<p><strong> </strong></p>']) {
      expect(isBlankHtml(sanitizeRichText(blank)), blank).toBe(true);
    }
    for (const shown of ['<p>0</p>', '<p>&amp;nbsp;</p>', '<p>&lt;</p>', '<img src="/media/avatar/1">', '.']) {
      expect(isBlankHtml(sanitizeRichText(shown)), shown).toBe(false);
    }
  });

  it.each([
    ['spaces', ' '],
    ['tabs', '\t'],
    ['spaces and tabs', ' \t'],
    ['newlines', '\n'],
    ['spaces then a newline', `${' '.repeat(1_000)}\n`],
    ['non-breaking spaces', '&nbsp;'],
    ['&amp;', '&amp;'],
    ['bare &', '&'],
    ['<', '<'],
    ['</', '</'],
    ['<br', '<br '],
    ['empty paragraphs', '<p> </p>'],
  ])(
    'the longest texts of %s pass in linear time',
    (_, unit) => {
      const text = (length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
      // Before the line ends were trimmed in one pass, 100,000 spaces alone took seconds here. An exam answer is at
      // most 100,000 characters, a page text 200,000.
      expect(growth(text, 100_000, (answer) => isBlankHtml(sanitizeRichText(answer, 'learner')))).toBeLessThan(8);
      expect(growth(text, 200_000, (page) => htmlToText(sanitizeRichText(page)))).toBeLessThan(8);
    },
    30_000,
  );
});
