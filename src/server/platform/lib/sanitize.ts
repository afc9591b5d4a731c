import sanitizeHtml from 'sanitize-html';
import { AppError } from '../errors';

/**
 * The deepest nesting of elements a rich text may have. The editor's deepest output (lists in lists, with
 * paragraphs and marks inside) stays far below it. The HTML parser keeps its open elements in an array it
 * shifts at the front, so each tag costs time in proportion to the depth: without a bound, 200,000 characters
 * of `<b><i>` hold the event loop for seconds. With it, every pass over a text is linear in its length.
 */
export const MAX_NESTING = 100;

class TooDeep extends Error {}

/**
 * Counts open elements as the parser reports them (implied closes included, so the count is the parser's own
 * depth) and stops the parse as soon as it passes MAX_NESTING: the parser never holds more than that.
 */
function nestingGuard(): Pick<sanitizeHtml.IOptions, 'onOpenTag' | 'onCloseTag'> {
  let depth = 0;
  return {
    onOpenTag: () => {
      depth++;
      if (depth > MAX_NESTING) throw new TooDeep();
    },
    onCloseTag: () => {
      depth--;
    },
  };
}

const tooDeep = () =>
  new AppError('INVALID_REQUEST', `Invalid data: the text nests more than ${MAX_NESTING} elements deep`);

/** Sanitizes under the nesting bound; a text nested deeper is refused with a 400. */
function boundedSanitize(html: string, options: sanitizeHtml.IOptions): string {
  try {
    return sanitizeHtml(html, { ...options, ...nestingGuard() });
  } catch (error) {
    if (error instanceof TooDeep) throw tooDeep();
    throw error;
  }
}

/**
 * The platform's own images: profile photos (`/media/avatar/<id>`) and signed media links
 * (`/media/<id>?e=<expiry>&s=<signature>`), relative to the site, as src/server/platform/files/media.ts makes them.
 */
const OWN_IMAGE = /^\/media\/(?:avatar\/\d{1,10}|\d{1,10}(?:\?e=\d{1,12}&s=[\w-]{1,100})?)$/;

export const isOwnImage = (src: string | undefined): boolean => src !== undefined && OWN_IMAGE.test(src);

/**
 * A link that names a target opens in another browsing context, which must not get a handle on this page
 * (`window.opener`) nor learn its address: every target (not only `_blank`) gets `rel="noopener noreferrer"`.
 */
const safeLink: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: attribs.target === undefined ? attribs : { ...attribs, rel: 'noopener noreferrer' },
});

/**
 * The allow-list every stored rich text passes through: the formatting the editor produces, links with
 * safe schemes only, no scripts, styles, event handlers or frames.
 */
const staffOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'hr',
    'span',
    'mark',
    'sub',
    'sup',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': [],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: safeLink },
};

/**
 * What learners write (messages, exam answers) is opened by staff: an image from elsewhere would tell its host
 * who read the text and when. Only the platform's own images stay; any other image loses its attributes here and
 * the bare `<img />` left is removed after (an own image always keeps its `src`, and text cannot hold a tag: its
 * `<` is escaped). Renaming the tag to a disallowed one instead makes sanitize-html write a stray closing tag of
 * that name after the next image at the same depth.
 */
const learnerOptions: sanitizeHtml.IOptions = {
  ...staffOptions,
  transformTags: {
    ...staffOptions.transformTags,
    img: (tagName, attribs) => ({ tagName, attribs: isOwnImage(attribs.src) ? attribs : {} }),
  },
};

const BARE_IMAGE = '<img />';

/**
 * Sanitizes a rich text. `learner` is for texts that learners write and staff open (chat and support messages,
 * exam answers): images from other sites are dropped. Page texts, notes and review comments use the default.
 * A text nested deeper than MAX_NESTING is refused (AppError INVALID_REQUEST).
 */
export const sanitizeRichText = (html: string, profile: 'staff' | 'learner' = 'staff'): string =>
  profile === 'learner'
    ? boundedSanitize(html, learnerOptions).replaceAll(BARE_IMAGE, '')
    : boundedSanitize(html, staffOptions);

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

const isSpaceOrTab = (code: number) => code === 32 || code === 9;

/**
 * Removes the spaces and tabs that end each line, in one pass. (The regular expression `/[ \t]+\n/g` does the
 * same in time quadratic in the length of a run of spaces that no newline ends.)
 */
export function trimLineEnds(text: string): string {
  let out = '';
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const lineEnd = newline === -1 ? text.length : newline;
    let end = lineEnd;
    while (end > start && isSpaceOrTab(text.charCodeAt(end - 1))) end--;
    // The last line keeps its trailing spaces, as the expression left them (the final trim removes them).
    out += newline === -1 ? text.slice(start) : `${text.slice(start, end)}\n`;
    if (newline === -1) break;
    start = newline + 1;
  }
  return out;
}

/** Tags removed without a parser, for a stored text older than the nesting bound: linear (no `<` in a tag). */
const stripTags = (html: string) => html.replace(/<[^<>]*>/g, '');

/** The text of sanitized HTML, for mails and task descriptions: blocks become lines, tags go, entities decode. */
export function htmlToText(html: string): string {
  const lines = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|h[1-4]|li|blockquote|pre|tr)>/gi, '\n');
  let stripped: string;
  try {
    stripped = sanitizeHtml(lines, { allowedTags: [], allowedAttributes: {}, ...nestingGuard() });
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    stripped = stripTags(lines);
  }
  return trimLineEnds(stripped.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? ''))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Whether sanitized HTML shows nothing: no text (an empty paragraph, spaces) and no image (spec §5). In sanitized
 * HTML `<` and `>` only delimit tags (text and attribute values have them escaped), so dropping every `<…>` leaves
 * the text, still escaped: a visible character stays visible, and only white space trims away. One linear pass.
 */
export const isBlankHtml = (html: string): boolean => !/<img\b/i.test(html) && stripTags(html).trim() === '';
