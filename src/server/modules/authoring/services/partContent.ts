import { z } from 'zod';
import { EditableBlock } from '../../../../shared/contract/authoring/partContent';
import { supportedLanguages } from '../../../../shared/domain/language';
import { missingTranslations, readPartTranslations } from '../../../../shared/domain/learning/translations';
import { type Actor, authorize } from '../../../platform/authorize';
import type { Db } from '../../../platform/db';
import type { CourseBlockRow, MediaFileRow, MediaKind } from '../../../platform/db/schema';
import { AppError, type FieldError, invalidFields } from '../../../platform/errors';
import { mediaSigner } from '../../../platform/files/media';
import { blocksOfCourse, partsOfCourse } from '../../learning';
import { surveyIdsOfSite } from '../../surveys';
import { courseMissingTranslations } from '../domain/courseTranslations';
import {
  type BlockDraft,
  blockDraft,
  blockTranslationsJson,
  draftOfRow,
  editableOf,
  mediaIdIn,
  mediaIdsOf,
  mediaKindsFor,
  nameTranslationsOf,
  type PartRevisionContent,
  partTranslationsJson,
  surveyIdsOf,
  translatable,
  translationLanguages,
} from '../domain/partContent';
import { authoringActions } from '../policies/course';
import {
  blocksOfPart,
  courseContentState,
  courseMedia,
  partIdsOfCourse,
  partOfCourse,
  revisionOfCourse,
  revisionsOfPart,
} from '../queries';
import { authoringWrite } from './lock';

/** The most revisions kept of a part: a save beyond it removes the oldest (docs/decisions.md). */
export const MAX_PART_REVISIONS = 100;

interface Write {
  siteId: number;
  user: Actor;
  courseId: number;
  version: number;
}

/** The languages a course's content may be translated into: the supported ones but its default. */
export const otherLanguages = (defaultLanguage: string): string[] =>
  supportedLanguages.filter((language) => language !== defaultLanguage);

/** The media blocks name, signed for the viewer: a medium of another site, or gone, is left out. */
async function mediaOfBlocks(db: Db, siteId: number, blocks: readonly BlockDraft[]) {
  const rows = await courseMedia(db, siteId, [...new Set(blocks.flatMap(mediaIdsOf))]);
  return { rows, sign: rows.length === 0 ? null : await mediaSigner(db, siteId) };
}

/** A part's content as its editor reads it, at a course version. */
export interface PartContentView {
  coursePartId: number;
  version: number;
  defaultLanguage: string;
  name: string;
  nameTranslations: Record<string, string>;
  blocks: (BlockDraft & { id: number })[];
  media: MediaFileRow[];
  sign: ((fileId: number) => string) | null;
  missingTranslations: string[];
}

function partMissing(defaultLanguage: string, name: string, names: Record<string, string>, blocks: BlockDraft[]) {
  return missingTranslations(
    { name, nameTranslations: names },
    blocks.map(translatable),
    otherLanguages(defaultLanguage),
  );
}

/**
 * get_course_part_content: the part's content for its editor. The course's version is read before the content, so
 * the content is never older than the version the editor's next save names: a save made in between makes that
 * version stale, and the save is refused rather than applied over it.
 */
export async function getPartContent(
  db: Db,
  opts: { siteId: number; user: Actor; courseId: number; coursePartId: number },
): Promise<PartContentView> {
  authorize(opts.user, authoringActions.edit, undefined);
  const course = await courseContentState(db, opts.siteId, opts.courseId);
  if (!course) throw new AppError('NOT_FOUND', 'No such course');
  const part = await partOfCourse(db, opts.siteId, opts.courseId, opts.coursePartId);
  if (!part) throw new AppError('NOT_FOUND', 'No such part of this course');
  const blocks = (await blocksOfPart(db, opts.siteId, part.id)).map(draftOfRow);
  const names = readPartTranslations(part.translations);
  const { rows, sign } = await mediaOfBlocks(db, opts.siteId, blocks);
  return {
    coursePartId: part.id,
    version: course.version,
    defaultLanguage: course.default_language,
    name: part.name,
    nameTranslations: names,
    blocks,
    media: rows,
    sign,
    missingTranslations: partMissing(course.default_language, part.name, names, blocks),
  };
}

/** What a save (or a restore) writes: the part's name and translations and its blocks in order. */
interface PartDraft {
  name: string;
  nameTranslations: Record<string, string>;
  blocks: BlockDraft[];
}

/**
 * How a draft is checked against the database. A save refuses whatever it cannot write as sent. A restore brings
 * back a state that the course may have moved on from: a block deleted since comes back as a new block, a Post
 * block whose part was deleted since is left out (as deleting the part removed it), and a translation into what is
 * now the course's default language is dropped.
 */
type Mode = 'save' | 'restore';

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
const kindNames: Record<MediaKind, string> = {
  image: 'an image',
  video: 'a video',
  audio: 'an audio file',
  file: 'a document',
  avatar: 'a profile photo',
};

const refuse = (field: string, message: string): never => {
  throw invalidFields({ field, message });
};

/** Checks a draft's translations, block ids, media, Post links and surveys; answers the draft as it will be written. */
async function checkedDraft(
  trx: Db,
  opts: { siteId: number; courseId: number; defaultLanguage: string; mode: Mode },
  draft: PartDraft,
  existing: readonly CourseBlockRow[],
): Promise<PartDraft> {
  const { siteId, mode } = opts;
  const allowed = new Set(otherLanguages(opts.defaultLanguage));
  let { nameTranslations, blocks } = draft;

  const foreignLanguages = translationLanguages(nameTranslations, blocks).filter((t) => !allowed.has(t.language));
  if (foreignLanguages.length > 0) {
    if (mode === 'save') {
      throw invalidFields(
        ...foreignLanguages.map(
          (t): FieldError => ({
            field: t.field,
            message: `must be a language of the site other than the course's default (${[...allowed].join(', ') || 'none'})`,
          }),
        ),
      );
    }
    nameTranslations = Object.fromEntries(Object.entries(nameTranslations).filter(([l]) => allowed.has(l)));
    blocks = blocks.map((block) => ({
      ...block,
      translations: Object.fromEntries(Object.entries(block.translations).filter(([l]) => allowed.has(l))),
    }));
  }

  const ownIds = new Set(existing.map((row) => row.id));
  const seen = new Set<number>();
  blocks = blocks.map((block, index) => {
    if (block.id === null) return block;
    if (!ownIds.has(block.id)) {
      if (mode === 'restore') return { ...block, id: null };
      refuse(`data.Blocks.${index}.Id`, `block ${block.id} is not a block of this part`);
    }
    if (seen.has(block.id)) refuse(`data.Blocks.${index}.Id`, `block ${block.id} is named twice`);
    seen.add(block.id);
    return block;
  });

  const postIds = [...new Set(blocks.map((block) => block.postId).filter((id): id is number => id !== null))];
  const courseParts = await partIdsOfCourse(trx, siteId, opts.courseId, postIds);
  if (mode === 'restore') {
    blocks = blocks.filter((block) => block.postId === null || courseParts.has(block.postId));
  } else {
    blocks.forEach((block, index) => {
      if (block.postId !== null && !courseParts.has(block.postId)) {
        refuse(`data.Blocks.${index}.PostId`, `part ${block.postId} is not a part of this course`);
      }
    });
  }

  const surveys = await surveyIdsOfSite(trx, siteId, blocks.flatMap(surveyIdsOf));
  blocks.forEach((block, index) => {
    const foreign = surveyIdsOf(block).find((id) => !surveys.has(id));
    if (foreign !== undefined) {
      const field = mode === 'save' ? `data.Blocks.${index}.Content.surveyId` : 'data.RevisionId';
      refuse(field, `survey ${foreign} is not a survey of this site`);
    }
  });

  const media = new Map(
    (await courseMedia(trx, siteId, [...new Set(blocks.flatMap(mediaIdsOf))])).map((row) => [row.id, row]),
  );
  blocks.forEach((block, index) => {
    const named: [string, Record<string, unknown> | undefined][] = [
      [`data.Blocks.${index}.Content`, block.content],
      ...Object.entries(block.translations).map(([language, t]): [string, Record<string, unknown> | undefined] => [
        `data.Blocks.${index}.Translations.${language}.Content`,
        t.content,
      ]),
    ];
    for (const [path, content] of named) {
      const id = mediaIdIn(block.type, content);
      if (id === null) continue;
      const file = media.get(id);
      const field = mode === 'save' ? `${path}.mediaId` : 'data.RevisionId';
      if (!file) refuse(field, `medium ${id} is not a medium of this site`);
      else if (!mediaKindsFor(block.type).includes(file.kind)) {
        refuse(
          field,
          `medium ${id} is ${kindNames[file.kind]}, which ${article(block.type)} ${block.type} block cannot show`,
        );
      }
    }
  });
  return { name: draft.name, nameTranslations, blocks };
}

/** The columns of a block as stored, for a draft at a position. */
const blockColumns = (block: BlockDraft, sortId: number) => ({
  sort_id: sortId,
  block_type: block.type,
  title: block.title,
  post_id: block.postId,
  published: block.published ? 1 : 0,
  mentor_only: block.mentorOnly ? 1 : 0,
  content: JSON.stringify(block.content),
  translations: blockTranslationsJson(block.translations),
});

const unchanged = (row: CourseBlockRow, columns: ReturnType<typeof blockColumns>) =>
  row.sort_id === columns.sort_id &&
  row.block_type === columns.block_type &&
  row.title === columns.title &&
  row.post_id === columns.post_id &&
  row.published === columns.published &&
  row.mentor_only === columns.mentor_only &&
  row.content === columns.content &&
  row.translations === columns.translations;

/**
 * Writes a part's content and records it as a revision, inside an authoring write. Blocks keep their ids (and with
 * them what learners did on them); a block the draft leaves out is deleted with its learners' results and exam
 * answers, as deleting its part would; a block without an id is added. Only what changed is written.
 */
async function writePartContent(
  trx: Db,
  opts: { siteId: number; courseId: number; coursePartId: number; userId: number; mode: Mode },
  draft: PartDraft,
  at: string,
  version: number,
) {
  const { siteId } = opts;
  const course = await courseContentState(trx, siteId, opts.courseId);
  const part = await partOfCourse(trx, siteId, opts.courseId, opts.coursePartId);
  if (!course || !part) throw new AppError('NOT_FOUND', 'No such part of this course');
  const existing = await blocksOfPart(trx, siteId, part.id);
  const checked = await checkedDraft(
    trx,
    { siteId, courseId: opts.courseId, defaultLanguage: course.default_language, mode: opts.mode },
    draft,
    existing,
  );

  const translations = partTranslationsJson(checked.nameTranslations);
  if (part.name !== checked.name || part.translations !== translations) {
    await trx
      .updateTable('course_parts')
      .set({ name: checked.name, translations, updated_at: at })
      .where('site_id', '=', siteId)
      .where('id', '=', part.id)
      .execute();
  }

  const rows = new Map(existing.map((row) => [row.id, row]));
  const kept = new Set(checked.blocks.map((block) => block.id).filter((id) => id !== null));
  const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (gone.length > 0) {
    // block_results and user_exams go with their block (foreign keys on delete cascade).
    await trx.deleteFrom('course_blocks').where('site_id', '=', siteId).where('id', 'in', gone).execute();
  }
  const saved: (BlockDraft & { id: number })[] = [];
  for (const [index, block] of checked.blocks.entries()) {
    const columns = blockColumns(block, index + 1);
    const row = block.id === null ? undefined : rows.get(block.id);
    if (row) {
      if (!unchanged(row, columns)) {
        await trx
          .updateTable('course_blocks')
          .set({ ...columns, updated_at: at })
          .where('site_id', '=', siteId)
          .where('id', '=', row.id)
          .execute();
      }
      saved.push({ ...block, id: row.id });
    } else {
      const inserted = await trx
        .insertInto('course_blocks')
        .values({ ...columns, site_id: siteId, course_part_id: part.id, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      saved.push({ ...block, id: inserted.id });
    }
  }

  await recordRevision(trx, {
    siteId,
    coursePartId: part.id,
    userId: opts.userId,
    version,
    at,
    content: {
      DefaultLanguage: course.default_language,
      Name: checked.name,
      NameTranslations: checked.nameTranslations,
      Blocks: saved.map(editableOf),
    },
  });
  return {
    blockIds: saved.map((block) => block.id),
    missingTranslations: partMissing(course.default_language, checked.name, checked.nameTranslations, saved),
  };
}

/** Keeps a save as a revision, and only the newest MAX_PART_REVISIONS of the part. */
async function recordRevision(
  trx: Db,
  opts: {
    siteId: number;
    coursePartId: number;
    userId: number;
    version: number;
    at: string;
    content: PartRevisionContent;
  },
) {
  await trx
    .insertInto('part_revisions')
    .values({
      site_id: opts.siteId,
      course_part_id: opts.coursePartId,
      user_id: opts.userId,
      version: opts.version,
      content: JSON.stringify(opts.content),
      created_at: opts.at,
      updated_at: opts.at,
    })
    .execute();
  const oldestKept = await trx
    .selectFrom('part_revisions')
    .select('id')
    .where('site_id', '=', opts.siteId)
    .where('course_part_id', '=', opts.coursePartId)
    .orderBy('id', 'desc')
    .offset(MAX_PART_REVISIONS - 1)
    .limit(1)
    .executeTakeFirst();
  if (oldestKept) {
    await trx
      .deleteFrom('part_revisions')
      .where('site_id', '=', opts.siteId)
      .where('course_part_id', '=', opts.coursePartId)
      .where('id', '<', oldestKept.id)
      .execute();
  }
}

/** save_course_part_content: the part's name, translations and blocks as its editor sends them. */
export function savePartContent(
  db: Db,
  opts: Write & {
    coursePartId: number;
    name: string;
    nameTranslations: Record<string, string>;
    blocks: EditableBlock[];
  },
) {
  // Shaping and sanitizing need no database: done before the transaction, which then only checks and writes.
  const draft: PartDraft = {
    name: opts.name,
    nameTranslations: nameTranslationsOf(opts.nameTranslations),
    blocks: opts.blocks.map(blockDraft),
  };
  return authoringWrite(db, opts, (trx, at, version) =>
    writePartContent(
      trx,
      {
        siteId: opts.siteId,
        courseId: opts.courseId,
        coursePartId: opts.coursePartId,
        userId: opts.user.id,
        mode: 'save',
      },
      draft,
      at,
      version,
    ),
  );
}

/** What a revision keeps, read back; its blocks have the shapes a save checks. */
const RevisionContent = z.object({
  DefaultLanguage: z.string(),
  Name: z.string(),
  NameTranslations: z.record(z.string(), z.string()),
  Blocks: z.array(EditableBlock),
});

function readRevision(json: string): PartRevisionContent {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = null;
  }
  const parsed = RevisionContent.safeParse(value);
  if (!parsed.success) throw new AppError('INVALID_STATE', 'This revision can no longer be read');
  return parsed.data;
}

/** get_course_part_revisions: a part's revisions, newest first. */
export async function listPartRevisions(
  db: Db,
  opts: { siteId: number; user: Actor; courseId: number; coursePartId: number },
) {
  authorize(opts.user, authoringActions.edit, undefined);
  const part = await partOfCourse(db, opts.siteId, opts.courseId, opts.coursePartId);
  if (!part) throw new AppError('NOT_FOUND', 'No such part of this course');
  return revisionsOfPart(db, opts.siteId, part.id);
}

/** get_course_part_revision: the content a revision saved, with its media signed for the viewer. */
export async function getPartRevision(
  db: Db,
  opts: { siteId: number; user: Actor; courseId: number; revisionId: number },
) {
  authorize(opts.user, authoringActions.edit, undefined);
  const revision = await revisionOfCourse(db, opts.siteId, opts.courseId, opts.revisionId);
  if (!revision) throw new AppError('NOT_FOUND', 'No such revision of this course');
  const course = await courseContentState(db, opts.siteId, opts.courseId);
  const content = readRevision(revision.content);
  const blocks = content.Blocks.map(blockDraft);
  const { rows, sign } = await mediaOfBlocks(db, opts.siteId, blocks);
  return {
    revision,
    content,
    media: rows,
    sign,
    missingTranslations: partMissing(
      course?.default_language ?? content.DefaultLanguage,
      content.Name,
      content.NameTranslations,
      blocks,
    ),
  };
}

/** restore_course_part_revision: the revision's content saved again (as a new revision), on the current version. */
export function restorePartRevision(db: Db, opts: Write & { coursePartId: number; revisionId: number }) {
  return authoringWrite(db, opts, async (trx, at, version) => {
    const revision = await revisionOfCourse(trx, opts.siteId, opts.courseId, opts.revisionId);
    if (!revision || revision.course_part_id !== opts.coursePartId) {
      throw new AppError('NOT_FOUND', 'No such revision of this part');
    }
    const content = readRevision(revision.content);
    const draft: PartDraft = {
      name: content.Name,
      nameTranslations: nameTranslationsOf(content.NameTranslations),
      blocks: content.Blocks.map(blockDraft),
    };
    return writePartContent(
      trx,
      {
        siteId: opts.siteId,
        courseId: opts.courseId,
        coursePartId: opts.coursePartId,
        userId: opts.user.id,
        mode: 'restore',
      },
      draft,
      at,
      version,
    );
  });
}

/**
 * get_course_translation_status: the languages the course's name or description, and each of its parts, still lack
 * a translation in.
 */
export async function courseTranslationStatus(db: Db, opts: { siteId: number; user: Actor; courseId: number }) {
  authorize(opts.user, authoringActions.edit, undefined);
  const course = await courseContentState(db, opts.siteId, opts.courseId);
  if (!course) throw new AppError('NOT_FOUND', 'No such course');
  const [parts, blocks] = await Promise.all([
    partsOfCourse(db, opts.siteId, course.id),
    blocksOfCourse(db, opts.siteId, course.id),
  ]);
  const byPart = new Map<number, BlockDraft[]>();
  for (const row of blocks) {
    const list = byPart.get(row.course_part_id) ?? [];
    list.push(draftOfRow(row));
    byPart.set(row.course_part_id, list);
  }
  return {
    defaultLanguage: course.default_language,
    courseMissingTranslations: courseMissingTranslations(course, otherLanguages(course.default_language)),
    parts: parts.map((part) => ({
      coursePartId: part.id,
      missingTranslations: partMissing(
        course.default_language,
        part.name,
        readPartTranslations(part.translations),
        byPart.get(part.id) ?? [],
      ),
    })),
  };
}
