import { z } from 'zod';
import { storedContent } from '../../domain/learning/blockContent';
import { type BlockType, blockTypes } from '../../domain/learning/course';
import { isoDate, optionalId } from '../define';

/**
 * A part's content as its editor reads and saves it: the part's name and its blocks in the course's default
 * language, and each in the other languages where written (spec §1: staff edit course content in several
 * languages). Block `Content` has the stored shape of its `BlockType` (`shared/domain/learning/blockContent.ts`):
 * media by their `media_files` id, quiz and test questions with their right options.
 */
const title = z.string().trim().max(200);
/** A language code as a translation is keyed by (`sv`); which ones a course takes is the server's check. */
export const languageKey = z.string().min(2).max(10);

/** A translation of a block: its title and its whole content in that language; a field left out is not translated. */
const BlockTranslation = z.object({ Title: title.optional(), Content: z.record(z.string(), z.unknown()).optional() });

export const EditableBlock = z
  .object({
    /** 0 for a block this save adds. */
    Id: optionalId,
    BlockType: z.enum(blockTypes),
    Title: title.default(''),
    Published: z.boolean().default(true),
    MentorOnly: z.boolean().default(false),
    /** The part a Post block links to; 0 otherwise. */
    PostId: optionalId,
    Content: z.record(z.string(), z.unknown()),
    /** By language code other than the course's default, e.g. `{ sv: { Title, Content } }`. */
    Translations: z.record(languageKey, BlockTranslation).default({}),
  })
  .superRefine((block, ctx) => {
    const check = (content: unknown, path: (string | number)[]) => {
      const parsed = storedContent[block.BlockType as BlockType].safeParse(content);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [...path, ...issue.path] } as never);
      }
    };
    check(block.Content, ['Content']);
    for (const [language, translation] of Object.entries(block.Translations)) {
      if (translation.Content !== undefined) check(translation.Content, ['Translations', language, 'Content']);
    }
    if (block.BlockType === 'Post' && !block.PostId) {
      ctx.addIssue({ code: 'custom', path: ['PostId'], message: 'A Post block names the part it links to' });
    }
  });
export type EditableBlock = z.infer<typeof EditableBlock>;

/** A medium as the editor shows it. */
export const MediaInfo = z.object({
  Url: z.string(),
  Name: z.string(),
  MimeType: z.string(),
  /** Seconds of a video or audio read from the file; 0 otherwise. */
  DurationSeconds: z.number(),
  /** The stored file's size in bytes, which a file block shows learners. */
  SizeBytes: z.number(),
});
export type MediaInfo = z.infer<typeof MediaInfo>;

export const PartContent = z.object({
  CoursePartId: z.number(),
  /** The course's version this content was read at; the next save names it. */
  Version: z.number(),
  /** The course's default language: the one `Name`, `Title` and `Content` are written in. */
  DefaultLanguage: z.string(),
  Name: z.string(),
  /** The part's name by language code other than the default. */
  NameTranslations: z.record(z.string(), z.string()),
  Blocks: z.array(EditableBlock),
  /** The media the blocks name (in any language), by media id: a signed link to show it, its name and type. */
  Media: z.record(z.string(), MediaInfo),
  /**
   * The course's other languages this part still lacks a translation in: its name, or a block's title or text, is
   * not written in it (shared/domain/learning/translations.ts `missingTranslations`). Always sent by the server.
   */
  MissingTranslations: z.array(z.string()).optional(),
});
export type PartContent = z.infer<typeof PartContent>;

/** Which of a course's parts still lack a translation, for the editor's list of parts. */
export const PartTranslationStatus = z.object({
  CoursePartId: z.number(),
  /** As `PartContent.MissingTranslations`: empty when the part is written in every language. */
  MissingTranslations: z.array(z.string()),
});
export type PartTranslationStatus = z.infer<typeof PartTranslationStatus>;

/** One saved state of a part: who saved it and when. */
export const PartRevision = z.object({
  Id: z.number(),
  UserId: z.number(),
  Username: z.string(),
  CreatedAt: isoDate,
  /** The course's version that save made. */
  Version: z.number(),
});
export type PartRevision = z.infer<typeof PartRevision>;
