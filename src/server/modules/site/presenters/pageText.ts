import type { PageText } from '../services/content';

/** A page text as get_content answers it (spec §7). */
export const presentPageText = (text: PageText) => ({
  Key: text.key,
  Content: text.content,
  Locale: text.locale,
  CreationDate: text.createdAt,
  ModificationDate: text.updatedAt,
  IsDefault: text.isDefault,
});
