import type { EditableBlock } from '../../../../shared/contract/authoring/partContent';
import { storedContent } from '../../../../shared/domain/learning/blockContent';
import type { BlockType } from '../../../../shared/domain/learning/course';
import {
  readBlockTranslations,
  type StoredBlockTranslation,
  type TranslatableBlock,
} from '../../../../shared/domain/learning/translations';
import type { CourseBlockRow, MediaKind } from '../../../platform/db/schema';
import { sanitizeRichText } from '../../../platform/lib/sanitize';

/** A block as a save writes it: its content in its stored shape, its rich text sanitized. */
export interface BlockDraft {
  /** Null for a block the save adds. */
  id: number | null;
  type: BlockType;
  title: string;
  published: boolean;
  mentorOnly: boolean;
  /** The part a Post block links to; null for every other block. */
  postId: number | null;
  content: Record<string, unknown>;
  /** By language, with no empty translation. */
  translations: Record<string, StoredBlockTranslation>;
}

/** What a revision keeps of a part (JSON in `part_revisions.content`): what its editor saved, block ids included. */
export interface PartRevisionContent {
  DefaultLanguage: string;
  Name: string;
  NameTranslations: Record<string, string>;
  Blocks: EditableBlock[];
}

type Content = Record<string, unknown>;
const html = (value: unknown) => sanitizeRichText(typeof value === 'string' ? value : '');

/**
 * A block's content in its type's stored shape (defaults filled in, unknown fields dropped), with every rich text
 * field sanitized as any stored text is (platform/lib/sanitize.ts). Null when it does not have the shape.
 */
export function storedBlockContent(type: BlockType, content: unknown): Content | null {
  const parsed = storedContent[type].safeParse(content);
  if (!parsed.success) return null;
  const c = parsed.data as Content;
  switch (type) {
    case 'Text':
    case 'Exam':
    case 'FinalExam':
    case 'Reward':
    case 'Question':
      return { ...c, html: html(c.html) };
    case 'Column':
      return { ...c, columns: (c.columns as Content[]).map((column) => ({ ...column, html: html(column.html) })) };
    case 'Quiz':
    case 'Test':
      return { ...c, intro: html(c.intro) };
    default:
      return c;
  }
}

/**
 * A block of a save as it will be stored. The contract has checked every content's shape, so a content that does
 * not parse here cannot arrive; it is kept as `{}` rather than trusted.
 */
export function blockDraft(block: EditableBlock): BlockDraft {
  const type = block.BlockType;
  const translations: Record<string, StoredBlockTranslation> = {};
  for (const [language, t] of Object.entries(block.Translations)) {
    const translation: StoredBlockTranslation = {};
    if (t.Title) translation.title = t.Title;
    if (t.Content !== undefined) translation.content = storedBlockContent(type, t.Content) ?? {};
    if (translation.title !== undefined || translation.content !== undefined) translations[language] = translation;
  }
  return {
    id: block.Id,
    type,
    title: block.Title,
    published: block.Published,
    mentorOnly: block.MentorOnly,
    postId: type === 'Post' ? block.PostId : null,
    content: storedBlockContent(type, block.Content) ?? {},
    translations,
  };
}

/** A part's name translations as a save stores them: trimmed, the empty ones left out. */
export const nameTranslationsOf = (names: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(names).filter(([, name]) => name.trim() !== ''));

/** Translations as stored: by language in a fixed order, so an unchanged block stores the same text. */
const sortedByLanguage = <T>(byLanguage: Record<string, T>) =>
  Object.fromEntries(Object.entries(byLanguage).sort(([a], [b]) => a.localeCompare(b)));

export const partTranslationsJson = (names: Record<string, string>): string =>
  JSON.stringify(
    Object.fromEntries(Object.entries(sortedByLanguage(names)).map(([language, name]) => [language, { name }])),
  );

export const blockTranslationsJson = (translations: Record<string, StoredBlockTranslation>): string =>
  JSON.stringify(sortedByLanguage(translations));

/** The languages a save's translations are written in, with where each is named (for a refusal). */
export function translationLanguages(
  names: Record<string, string>,
  blocks: readonly BlockDraft[],
): { language: string; field: string }[] {
  const found = Object.keys(names).map((language) => ({ language, field: `data.NameTranslations.${language}` }));
  blocks.forEach((block, index) => {
    for (const language of Object.keys(block.translations)) {
      found.push({ language, field: `data.Blocks.${index}.Translations.${language}` });
    }
  });
  return found;
}

const MEDIA_BLOCKS: Partial<Record<BlockType, readonly MediaKind[]>> = {
  Image: ['image'],
  Video: ['video'],
  Audio: ['audio'],
  File: ['image', 'video', 'audio', 'file'],
};

/** The kinds of media a block of `type` may show; none for a block without media. */
export const mediaKindsFor = (type: BlockType): readonly MediaKind[] => MEDIA_BLOCKS[type] ?? [];

/** The media id a content names, for a block type that shows media. */
export function mediaIdIn(type: BlockType, content: Content | undefined): number | null {
  if (!content || mediaKindsFor(type).length === 0) return null;
  const id = content.mediaId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/** Every media id a block names: in its content and in each translation's. */
export function mediaIdsOf(block: Pick<BlockDraft, 'type' | 'content' | 'translations'>): number[] {
  const ids = [block.content, ...Object.values(block.translations).map((t) => t.content)]
    .map((content) => mediaIdIn(block.type, content))
    .filter((id): id is number => id !== null);
  return [...new Set(ids)];
}

function parseObject(json: string): Content {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Content) : {};
  } catch {
    return {};
  }
}

/** A stored block as a draft (what its editor reads, and what a save compares with). */
export const draftOfRow = (row: CourseBlockRow): BlockDraft & { id: number } => ({
  id: row.id,
  type: row.block_type,
  title: row.title,
  published: row.published === 1,
  mentorOnly: row.mentor_only === 1,
  postId: row.post_id,
  content: parseObject(row.content),
  translations: readBlockTranslations(row.translations),
});

/** A draft as its editor reads it. */
export const editableOf = (block: BlockDraft & { id: number }): EditableBlock => ({
  Id: block.id,
  BlockType: block.type,
  Title: block.title,
  Published: block.published,
  MentorOnly: block.mentorOnly,
  PostId: block.postId,
  Content: block.content,
  Translations: Object.fromEntries(
    Object.entries(block.translations).map(([language, t]) => [
      language,
      {
        ...(t.title !== undefined ? { Title: t.title } : {}),
        ...(t.content !== undefined ? { Content: t.content } : {}),
      },
    ]),
  ),
});

/** What deciding whether a part is translated reads of a draft. */
export const translatable = (block: BlockDraft): TranslatableBlock => ({
  type: block.type,
  title: block.title,
  content: block.content,
  translations: block.translations,
});

/** The surveys a Survey block names: its content's, and a translation's where it names another. */
export const surveyIdsOf = (block: {
  type: string;
  content: Record<string, unknown>;
  translations: Record<string, { content?: Record<string, unknown> }>;
}): number[] =>
  block.type !== 'Survey'
    ? []
    : [block.content, ...Object.values(block.translations).map((t) => t.content)]
        .map((content) => content?.surveyId)
        .filter((id): id is number => typeof id === 'number');
