import { readTextTranslations } from '../translations';
import { type StoredContent, type StoredQuestion, storedContent } from './blockContent';
import type { BlockType } from './course';

/**
 * Course content in several languages (spec §1). A course is written in its default language; a part's name and a
 * block's title and content may also be written in the other supported languages. A learner sees her language
 * where a translation exists, else the default.
 *
 * A block's translated content has the whole stored shape of its type (`blockContent.ts`), so a translation may
 * name its own media (a Swedish video) or link. Quizzes and tests are the exception: their questions, options and
 * right answers are the default language's (answers are scored against them), and a translation gives only the
 * texts — the intro, and each question's and option's text by its id.
 */

/** A block's translation as stored: its title and content in one language; a field left out is not translated. */
export interface StoredBlockTranslation {
  title?: string;
  content?: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseObject(json: string): Record<string, unknown> {
  if (json === '{}' || json === '') return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** A part's stored name translations (`{"sv":{"name":"…"}}`) by language; unreadable JSON reads as none. */
export function readPartTranslations(json: string): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [language, value] of Object.entries(parseObject(json))) {
    if (isObject(value) && typeof value.name === 'string' && value.name !== '') names[language] = value.name;
  }
  return names;
}

/** A course's name and description in one language; a field left out is not translated. */
export interface CourseTranslation {
  name?: string;
  description?: string;
}

/**
 * A course's stored translations (`{"sv":{"name":"…","description":"…"}}`) by language; an empty field is left out,
 * unreadable JSON reads as none.
 */
export const readCourseTranslations = (json: string): Record<string, CourseTranslation> =>
  readTextTranslations(json, ['name', 'description']);

/** A block's stored translations (`{"sv":{"title":"…","content":{…}}}`) by language; unreadable JSON reads as none. */
export function readBlockTranslations(json: string): Record<string, StoredBlockTranslation> {
  const translations: Record<string, StoredBlockTranslation> = {};
  for (const [language, value] of Object.entries(parseObject(json))) {
    if (!isObject(value)) continue;
    const translation: StoredBlockTranslation = {};
    if (typeof value.title === 'string' && value.title !== '') translation.title = value.title;
    if (isObject(value.content)) translation.content = value.content;
    if (translation.title !== undefined || translation.content !== undefined) translations[language] = translation;
  }
  return translations;
}

type Questions = StoredContent<'Quiz'>;

/** A quiz's or test's questions with the texts of a translation laid over them by id. */
function translatedQuestions<Q extends Questions>(base: Q, translation: Partial<Questions>): Q {
  const questions = new Map((translation.questions ?? []).map((q) => [q.id, q]));
  const question = (q: StoredQuestion): StoredQuestion => {
    const t = questions.get(q.id);
    if (!t) return q;
    const options = new Map(t.options.map((o) => [o.id, o.text]));
    return {
      ...q,
      text: t.text || q.text,
      options: q.options.map((o) => ({ ...o, text: options.get(o.id) || o.text })),
    };
  };
  return { ...base, intro: translation.intro || base.intro, questions: base.questions.map(question) };
}

/**
 * A block's content in a translation's language: the translation's content, but for a quiz or a test the default
 * language's questions with the translation's texts. `base` is the stored (default language) content; the
 * translation is used only when it has the stored shape of `type`.
 */
export function translatedContent(type: BlockType, base: unknown, translation: unknown): unknown {
  const schema = storedContent[type] as (typeof storedContent)[BlockType] | undefined;
  const parsed = schema?.safeParse(translation);
  if (!parsed?.success) return base;
  if (type !== 'Quiz' && type !== 'Test') return parsed.data;
  const stored = storedContent[type].safeParse(base);
  return stored.success ? translatedQuestions(stored.data, parsed.data as Questions) : base;
}

const HTML_TAG = /<[^<>]*>/g;
/** Whether (sanitized) HTML has text or an image: what needs a translation. */
const hasHtmlText = (html: string) => /<img\b/i.test(html) || html.replace(HTML_TAG, '').trim() !== '';

/**
 * Whether a block's content has words that a translation should give: its rich text, a quiz's questions, an image's
 * alt text or caption, a link's description. A video, audio, file, YouTube or Post block has none of its own.
 */
export function contentHasText(type: BlockType, content: unknown): boolean {
  const parsed = (storedContent[type] as (typeof storedContent)[BlockType] | undefined)?.safeParse(content);
  if (!parsed?.success) return false;
  const c = parsed.data as Record<string, unknown>;
  switch (type) {
    case 'Text':
    case 'Exam':
    case 'FinalExam':
    case 'Reward':
    case 'Question':
      return hasHtmlText(c.html as string);
    case 'Column':
      return (c.columns as { html: string }[]).some((column) => hasHtmlText(column.html));
    case 'Quiz':
    case 'Test':
      return true;
    case 'Image':
      return (c.alt as string).trim() !== '' || (c.caption as string).trim() !== '';
    case 'Link':
      return (c.description as string).trim() !== '';
    default:
      return false;
  }
}

/** What deciding whether a part is translated reads of a block. */
export interface TranslatableBlock {
  type: BlockType;
  title: string;
  content: unknown;
  translations: Record<string, StoredBlockTranslation>;
}

/**
 * The languages (of `languages`, the course's others) a part still lacks a translation in: its name is not written
 * in that language, or one of its blocks lacks its title (when it has one) or its content (when that has text).
 */
export function missingTranslations(
  part: { name: string; nameTranslations: Record<string, string> },
  blocks: readonly TranslatableBlock[],
  languages: readonly string[],
): string[] {
  const textBlocks = blocks.map((block) => ({
    block,
    needsTitle: block.title.trim() !== '',
    needsContent: contentHasText(block.type, block.content),
  }));
  return languages.filter((language) => {
    if (part.name.trim() !== '' && !part.nameTranslations[language]?.trim()) return true;
    return textBlocks.some(({ block, needsTitle, needsContent }) => {
      const translation = block.translations[language];
      return (needsTitle && !translation?.title?.trim()) || (needsContent && translation?.content === undefined);
    });
  });
}
