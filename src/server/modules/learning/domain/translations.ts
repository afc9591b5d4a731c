import type { BlockType } from '../../../../shared/domain/learning/course';
import {
  readBlockTranslations,
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

function parseOrNull(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}
