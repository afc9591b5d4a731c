import type { EditableBlock } from '../../../../shared/contract/authoring/partContent';
import type { BlockType } from '../../../../shared/domain/learning/course';
import type { PartDraft } from './draft';

/** The content languages staff write a course in (spec §1). */
export const contentLanguages = ['en', 'sv'] as const;
export type ContentLanguage = (typeof contentLanguages)[number];

/** Block kinds whose content holds words a learner reads (the rest are media, a video id or a link to a part). */
const worded = new Set<BlockType>([
  'Text',
  'Image',
  'Column',
  'Link',
  'Quiz',
  'Test',
  'Exam',
  'FinalExam',
  'Reward',
  'Question',
]);

/** Whether a block is written in `language`: its title when it has one, its content when it has words. */
export function blockTranslated(block: EditableBlock, language: string): boolean {
  const translation = block.Translations[language];
  if (block.Title.trim() && !translation?.Title?.trim()) return false;
  if (worded.has(block.BlockType) && translation?.Content === undefined) return false;
  return true;
}

/** The content languages other than the default that a part's name or some block still lacks. */
export function missingTranslations(draft: PartDraft, defaultLanguage: string): string[] {
  return contentLanguages.filter(
    (language) =>
      language !== defaultLanguage &&
      (!draft.NameTranslations[language]?.trim() || draft.Blocks.some((block) => !blockTranslated(block, language))),
  );
}
