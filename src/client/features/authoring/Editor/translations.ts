import { missingTranslations as lacking } from '../../../../shared/domain/learning/translations';
import type { PartDraft } from './draft';

/** The content languages staff write a course in (spec §1). */
export const contentLanguages = ['en', 'sv'] as const;
export type ContentLanguage = (typeof contentLanguages)[number];

/**
 * The content languages other than the default that a draft's name or some block still lacks, by the rule the
 * server answers `MissingTranslations` with (shared/domain/learning/translations.ts), so the editor marks an unsaved
 * draft as the server will mark it once saved.
 */
export function missingTranslations(draft: PartDraft, defaultLanguage: string): string[] {
  return lacking(
    { name: draft.Name, nameTranslations: draft.NameTranslations },
    draft.Blocks.map((block) => ({
      type: block.BlockType,
      title: block.Title,
      content: block.Content,
      translations: Object.fromEntries(
        Object.entries(block.Translations).map(([language, translation]) => [
          language,
          { title: translation.Title, content: translation.Content },
        ]),
      ),
    })),
    contentLanguages.filter((language) => language !== defaultLanguage),
  );
}
