import type { BlockType } from '../../../../shared/domain/learning/course';
import {
  readBlockTranslations,
  readCourseTranslations,
  readPartTranslations,
  translatedContent,
} from '../../../../shared/domain/learning/translations';

interface PartRow {
  name: string;
  translations: string;
}

interface BlockRow {
  block_type: string;
  title: string;
  content: string;
  translations: string;
}

const NONE = '{}';

/**
 * A course's parts and blocks as read, in `language`: a part's name and a block's title and content are replaced by
 * their translation where one is written, and stay in the course's default language where not. Rows without
 * translations, and every row when `language` is the default, are answered as they are (no JSON is read).
 */
export function inLanguage<P extends PartRow, B extends BlockRow>(
  rows: { parts: P[]; blocks: B[] },
  language: string,
  defaultLanguage: string,
): { parts: P[]; blocks: B[] } {
  if (language === defaultLanguage) return rows;
  const parts = rows.parts.map((part) => {
    if (part.translations === NONE) return part;
    const name = readPartTranslations(part.translations)[language];
    return name ? { ...part, name } : part;
  });
  const blocks = rows.blocks.map((block) => {
    if (block.translations === NONE) return block;
    const translation = readBlockTranslations(block.translations)[language];
    if (!translation) return block;
    const content =
      translation.content === undefined
        ? block.content
        : JSON.stringify(
            translatedContent(block.block_type as BlockType, parseOrNull(block.content), translation.content),
          );
    return { ...block, title: translation.title ?? block.title, content };
  });
  return { parts, blocks };
}

/** What presenting a course's name (and, where read, its description) in a language reads of its row. */
interface CourseTextRow {
  name: string;
  description?: string;
  translations: string;
  default_language: string;
}

/**
 * A course's row in `language`: its name and description replaced by their translation where one is written, as
 * written in the course's default language where not. A row without translations is answered as it is.
 */
export function courseInLanguage<C extends CourseTextRow>(course: C, language: string): C {
  if (language === course.default_language || course.translations === NONE) return course;
  const translation = readCourseTranslations(course.translations)[language];
  if (!translation) return course;
  const description =
    course.description !== undefined && translation.description !== undefined ? translation.description : undefined;
  return {
    ...course,
    name: translation.name ?? course.name,
    ...(description !== undefined ? { description } : {}),
  };
}

/** A part's name in `language` (its `translations` as stored), else as written in the course's default language. */
export function partNameInLanguage(
  part: { name: string; translations: string },
  language: string,
  defaultLanguage: string,
): string {
  if (language === defaultLanguage || part.translations === NONE) return part.name;
  return readPartTranslations(part.translations)[language] ?? part.name;
}

function parseOrNull(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}
