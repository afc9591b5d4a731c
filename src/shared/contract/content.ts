import { z } from 'zod';
import { supportedLanguages } from '../domain/language';
import { call, endpoint, isoDate, ok } from './define';

export const Locale = z.enum(supportedLanguages);

const TheKey = z.string().trim().min(1).max(200);

export const Translation = z.object({
  Key: z.string(),
  Content: z.string(),
  Locale,
  CreationDate: isoDate,
  ModificationDate: isoDate,
});

export const getContent = endpoint(
  'content/get_content.php',
  {
    /** The stored text of a key in a language; `data: null` when none is stored (the client shows its default). */
    get_content: call({
      access: 'public',
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
      data: z.object({ TheKey, content: z.string().max(200_000), Locale, isZoned: z.boolean().optional() }),
      answer: z.object({ status: ok, datetime: isoDate }),
    }),
  },
  { defaultCall: 'save_content' },
);
