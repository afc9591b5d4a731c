import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list every stored rich text passes through: the formatting the editor produces, links with
 * safe schemes only, no scripts, styles, event handlers or frames.
 */
const options: sanitizeHtml.IOptions = {
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
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target === '_blank' ? { rel: 'noopener noreferrer' } : {}) },
    }),
  },
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, options);

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of sanitized HTML, for mails and task descriptions: blocks become lines, tags go, entities decode. */
export function htmlToText(html: string): string {
  const lines = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|h[1-4]|li|blockquote|pre|tr)>/gi, '\n');
  return sanitizeHtml(lines, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Whether sanitized HTML shows nothing: no text (an empty paragraph, spaces) and no image (spec §5). */
export const isBlankHtml = (html: string): boolean => htmlToText(html) === '' && !/<img\b/i.test(html);
