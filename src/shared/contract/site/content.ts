import { z } from 'zod';
import { supportedLanguages } from '../../domain/language';
import { call, endpoint, isoDate, ok } from '../define';

export const Locale = z.enum(supportedLanguages);

const TheKey = z.string().trim().min(1).max(200);

export const Translation = z.object({
  Key: z.string(),
  /** Sanitized HTML. */
  Content: z.string(),
  Locale,
  /** When the text was first saved and last changed; null for a default (nothing is stored). */
  CreationDate: isoDate.nullable(),
  ModificationDate: isoDate.nullable(),
  /** True when nothing is stored for the key and language and `Content` is the request's `DefaultContent`. */
  IsDefault: z.boolean(),
});

export const getContent = endpoint(
  'content/get_content.php',
  {
    /**
     * The stored text of a key in a language. When none is stored: the request's `DefaultContent` (sanitized),
     * marked `IsDefault`, so a client that shows the answer shows the right text; `data: null` without a default.
     */
    get_content: call({
      access: 'public',
      reads: true,
      data: z.object({
        TheKey,
        DefaultContent: z.string().max(100_000).optional(),
        Locale,
        isZoned: z.boolean().optional(),
      }),
      answer: z.object({ status: ok, data: Translation.nullable() }),
    }),
  },
  { defaultCall: 'get_content' },
);

export const saveContent = endpoint(
  'content/save_content.php',
  {
    save_content: call({
      access: 'admin',
      // As long as a news item or an exam answer: the sanitizer's worst input of twice that held a request's CPU
      // for about 240 ms, over the 200 ms every text pass keeps to (tests/security/worstInput.test.ts).
      data: z.object({ TheKey, content: z.string().max(100_000), Locale, isZoned: z.boolean().optional() }),
      answer: z.object({ status: ok, datetime: isoDate }),
    }),
  },
  { defaultCall: 'save_content' },
);
