import { z } from 'zod';
import { inactivityLimit } from '../../../../../shared/contract/authoring/courses';
import { languageKey } from '../../../../../shared/contract/authoring/partContent';
import {
  COURSE_EXPORT_FORMAT,
  COURSE_EXPORT_VERSION,
  transferLimits,
} from '../../../../../shared/domain/authoring/transfer';
import { supportedLanguages } from '../../../../../shared/domain/language';
import { blockTypes, progressCriteria } from '../../../../../shared/domain/learning/course';
import type { Db } from '../../../../platform/db';
import { AppError } from '../../../../platform/errors';
import { linkKey, signLink } from '../../../../platform/files/signing';

/**
 * `course.json`, version 1: what a course file says of its course. Each exported column is one line of a field
 * table below (its name in the file, its column, its schema), from which both the export and the import are made:
 * a new column of content or settings joins the format with one line, given a default so that the files made
 * before it still import. Ids in the file only label its parts, blocks and media for each other; an import gives
 * them new ones.
 */

/** A column as the file spells it: 0/1 flags become booleans, JSON text an object. */
interface Field<S extends z.ZodType = z.ZodType> {
  column: string;
  schema: S;
  codec?: 'flag' | 'json';
}

const plain = <S extends z.ZodType>(column: string, schema: S): Field<S> => ({ column, schema });
/** A 0/1 column; given a default, files made before the column existed still import. */
const flagField = (column: string, fallback?: boolean) => ({
  column,
  schema: fallback === undefined ? z.boolean() : z.boolean().default(fallback),
  codec: 'flag' as const,
});

/** A JSON text column, an object in the file; given a default, files made before the column existed import. */
const jsonField = <S extends z.ZodType>(column: string, schema: S) => ({
  column,
  schema: schema.default({} as never),
  codec: 'json' as const,
});

const text = (max: number) => z.string().max(max);
const isoTime = z.iso.datetime({ offset: true });

export const courseFields = {
  name: plain('name', z.string().trim().min(1).max(200)),
  description: plain('description', text(100_000)),
  category: plain('category', text(200).nullable()),
  /** Informational: an imported course is always unpublished. */
  published: flagField('published'),
  progressEvent: plain('progress_event', z.number().int().min(1).max(2)),
  xpPerReward: plain('xp_per_reward', z.number().int().min(0).max(1_000_000)),
  certificateEnabled: flagField('certificate_enabled'),
  certificateValidityMonths: plain('certificate_validity_months', z.number().int().min(1).max(1200).nullable()),
  testAttempts: plain('test_attempts', z.number().int().min(0).max(1000).nullable()),
  footerCoachText: plain('footer_coach_text', text(2000).default('')),
  useCustomFooterText: flagField('footer_use_custom_text', false),
  editInactivityMinutes: plain(
    'edit_inactivity_minutes',
    z.number().int().min(inactivityLimit.min).max(inactivityLimit.max).default(inactivityLimit.default),
  ),
  defaultLanguage: plain('default_language', z.enum(supportedLanguages).default('en')),
  /** The name and description in other languages; files made before they could be translated have none. */
  translations: jsonField(
    'translations',
    z.record(
      languageKey,
      z.object({ name: z.string().trim().min(1).max(200).optional(), description: text(100_000).optional() }),
    ),
  ),
} satisfies Record<string, Field>;

export const partFields = {
  name: plain('name', z.string().trim().min(1).max(200)),
  published: flagField('published'),
  publishDate: plain('publish_date', isoTime.nullable()),
  free: flagField('free'),
  mentorOnly: flagField('mentor_only'),
  postType: plain('post_type', z.number().int().min(1).max(4)),
  progressCriteria: plain('progress_criteria', z.enum(progressCriteria)),
  icon: plain('icon', text(200).nullable()),
  videoLength: plain('video_length', z.number().int().min(0).max(1_000_000)),
  translations: jsonField('translations', z.record(languageKey, z.object({ name: z.string().trim().min(1).max(200) }))),
} satisfies Record<string, Field>;

/** A block's content (and each translation's) is read by its type's schema on import, not here. */
export const blockFields = {
  title: plain('title', text(500)),
  published: flagField('published'),
  mentorOnly: flagField('mentor_only'),
  translations: jsonField(
    'translations',
    z.record(
      languageKey,
      z.object({ title: text(500).optional(), content: z.record(z.string(), z.unknown()).optional() }),
    ),
  ),
} satisfies Record<string, Field>;

export const achievementFields = {
  title: plain('title', text(500)),
  description: plain('description', text(10_000)),
  requiredXp: plain('required_xp', z.number().int().min(0).max(100_000_000)),
} satisfies Record<string, Field>;

type Fields = Record<string, Field>;
type Shape<F extends Fields> = { [K in keyof F]: F[K]['schema'] };
const shapeOf = <F extends Fields>(fields: F) =>
  Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.schema])) as Shape<F>;

/** A row's exported columns, as the file spells them. */
export function toFile<F extends Fields>(fields: F, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => {
      const value = row[field.column];
      if (field.codec === 'flag') return [key, value === 1 || value === true];
      if (field.codec === 'json') return [key, typeof value === 'string' ? JSON.parse(value) : value];
      return [key, value];
    }),
  );
}

/** The columns of a row from what the file says (already checked by its schema). */
export function toRow<F extends Fields>(fields: F, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => {
      const value = values[key];
      if (field.codec === 'flag') return [field.column, value ? 1 : 0];
      if (field.codec === 'json') return [field.column, JSON.stringify(value)];
      return [field.column, value];
    }),
  );
}

/** A label of the file: a positive integer, unique among its kind. */
const label = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const mediaKinds = ['image', 'video', 'audio', 'file'] as const;

export const ManifestV1 = z.object({
  format: z.literal(COURSE_EXPORT_FORMAT),
  version: z.literal(COURSE_EXPORT_VERSION),
  exportedAt: isoTime,
  /**
   * Which site of which installation the file comes from, as a mark only that installation can make (`siteMark`):
   * a Survey block keeps its survey when the course comes back to the same site, and is left out anywhere else.
   */
  site: z.string().max(100).optional(),
  course: z.object(shapeOf(courseFields)),
  achievements: z
    .array(z.object(shapeOf(achievementFields)))
    .max(transferLimits.achievements)
    .default([]),
  /** In their order in the course. */
  parts: z.array(z.object({ id: label, ...shapeOf(partFields) })).max(transferLimits.parts),
  /** In their order within each part. */
  blocks: z
    .array(
      z.object({
        id: label,
        partId: label,
        type: z.enum(blockTypes),
        /** Post blocks: the part of this file they link to. */
        postId: label.nullable(),
        ...shapeOf(blockFields),
        content: z.record(z.string(), z.unknown()),
      }),
    )
    .max(transferLimits.blocks),
  media: z
    .array(
      z
        .object({
          id: label,
          name: z.string().trim().min(1).max(255),
          mimeType: z.string().max(255),
          kind: z.enum(mediaKinds),
          sizeBytes: z.number().int().min(0).max(transferLimits.mediumBytes),
          file: z.string(),
        })
        .refine((medium) => medium.file === mediumPath(medium.id), {
          message: 'file must be media/<id> of the medium',
          path: ['file'],
        }),
    )
    .max(transferLimits.media),
});
export type ManifestV1 = z.infer<typeof ManifestV1>;

/** The mark of a site in its course files: an HMAC of the site with the installation's link key, never its id. */
export const siteMark = async (db: Db, siteId: number) => signLink(await linkKey(db), `course-file-site.${siteId}`, 0);

export const MANIFEST_PATH = 'course.json';
export const mediumPath = (id: number) => `media/${id}`;
/** The names a course file may hold, and nothing else. */
export const MEDIUM_PATH = /^media\/([1-9]\d{0,15})$/;

/** Every `mediaId` in a JSON value (a block's content, its translations), at any depth. */
export function mediaIdsIn(value: unknown, into = new Set<number>()): Set<number> {
  walk(value, (id) => {
    into.add(id);
    return id;
  });
  return into;
}

/** The value with each `mediaId` replaced by `map(id)`; a copy, the value itself is left as it was. */
export function remapMediaIds(value: unknown, map: (id: number) => number): unknown {
  return walk(value, map);
}

/** Content nests a few levels; far deeper is refused rather than walked. */
const MAX_DEPTH = 32;

function walk(value: unknown, map: (id: number) => number, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH)
    throw new AppError('INVALID_REQUEST', 'The course file is not valid: content nests too deeply');
  if (Array.isArray(value)) return value.map((item) => walk(item, map, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === 'mediaId' && typeof item === 'number' ? map(item) : walk(item, map, depth + 1),
    ]),
  );
}
