import type { Language } from '../../../shared/domain/language';

/** A mail's subject and plain text, in one language. */
export interface MailText {
  subject: string;
  text: string;
}

export type Locale = Language;

/** A mail's lines, joined. */
export const lines = (...parts: string[]) => parts.join('\n');
