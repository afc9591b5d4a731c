import { z } from 'zod';
import { progressCriteria } from '../../domain/learning/course';
import { call, endpoint, id, isoDate, ok, shortText } from '../define';
import { EditableBlock, languageKey, PartContent, PartRevision, PartTranslationStatus } from './partContent';

/** A yes/no field as the spec's clients send it: a boolean, or 0/1. */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value) => value === true || value === 1);
/** The course version an authoring write was made on (`Version` of the lock or of the previous write). */
const version = z.number().int().positive().max(2_147_483_647);
const postType = z.number().int().min(1).max(4);
const partName = shortText(200);

/** Every authoring write answers the course's new version, which the next write names. */
const written = { status: ok, Version: z.number() };

/** What every write to a part names: the course, the version it was made on, and the part. */
const partWrite = { CourseId: id, Version: version, CoursePartId: id };

export const CoursePartSettings = z.object({
  Id: z.number(),
  Name: z.string(),
  Published: z.boolean(),
  PublishDate: isoDate.nullable(),
  SortId: z.number(),
  Free: z.boolean(),
  MentorOnly: z.boolean(),
  PostType: z.number(),
  ProgressCriteria: z.string(),
  VideoLength: z.number(),
});

export const courseAdmin = endpoint('course_admin.php', {
  /**
   * Adds a draft part to the course `Id` (spec §7) at position `SortNr` (1 is first; past the end is last); the
   * course's parts are numbered from 1 again. Only the holder of the course's edit lock, on the current version.
   */
  add_course_part: call({
    access: 'staff',
    data: z.object({
      Id: id,
      UserId: id,
      SortNr: z.number().int().min(1).max(100_000),
      PostType: postType.optional().default(1),
      // The spec's client sends it; a part is shared with non-learners only by being Free here.
      Shareable: flag.optional(),
      Free: flag.optional().default(false),
      Name: partName.optional(),
      Version: version,
    }),
    answer: z.object({
      ...written,
      data: z.object({ Id: z.number(), Name: z.string(), Published: z.boolean(), PublishDate: isoDate.nullable() }),
    }),
  }),
  /** The sort-pages dialog (spec §4): `SortedItems` lists every part id of the course once; saving numbers them from 1. */
  save_sorted_course_parts: call({
    access: 'staff',
    data: z.object({ CourseId: id, Version: version, SortedItems: z.array(id).min(1).max(10_000) }),
    answer: z.object(written),
  }),
  rename_course_part: call({
    access: 'staff',
    data: z.object({ ...partWrite, Name: partName }),
    answer: z.object(written),
  }),
  /** Deletes a part with its blocks and what learners did on it; Post blocks linking to it go with it. */
  delete_course_part: call({
    access: 'staff',
    data: z.object(partWrite),
    answer: z.object(written),
  }),
  /** Changes a part's settings; a field left out keeps its value. */
  update_course_part: call({
    access: 'staff',
    data: z.object({
      ...partWrite,
      Published: flag.optional(),
      /** A scheduled publish: a learner sees the part from this moment (UTC); null removes it. */
      PublishDate: isoDate.pipe(z.iso.datetime()).nullable().optional(),
      Free: flag.optional(),
      MentorOnly: flag.optional(),
      PostType: postType.optional(),
      ProgressCriteria: z.enum(progressCriteria).optional(),
      /** Seconds. */
      VideoLength: z.number().int().min(0).max(1_000_000).optional(),
    }),
    answer: z.object({ ...written, data: CoursePartSettings }),
  }),
  /** A part's content for its editor (staff; no lock needed to read). */
  get_course_part_content: call({
    access: 'staff',
    data: z.object({ CourseId: id, CoursePartId: id }),
    answer: z.object({ status: ok, data: PartContent }),
  }),
  /**
   * Saves a part's whole content (the course editor's autosave, spec §9: every 6 s while something changed): its
   * name and translations and its blocks in order. Blocks of the part left out are deleted; `Id` 0 adds one. Each
   * save is a revision of the part. Only the lock holder, on the current version (`STALE_VERSION` otherwise).
   * Answers the new version and the ids of the blocks in the order sent.
   */
  save_course_part_content: call({
    access: 'staff',
    data: z.object({
      ...partWrite,
      Name: partName,
      NameTranslations: z.record(languageKey, z.string().trim().max(200)).default({}),
      Blocks: z.array(EditableBlock).max(500),
    }),
    answer: z.object({
      ...written,
      BlockIds: z.array(z.number()),
      /** As `PartContent.MissingTranslations`, after this save. Always sent by the server. */
      MissingTranslations: z.array(z.string()).optional(),
    }),
  }),
  /** A part's revisions, newest first. */
  get_course_part_revisions: call({
    access: 'staff',
    data: z.object({ CourseId: id, CoursePartId: id }),
    answer: z.object({ status: ok, data: z.array(PartRevision) }),
  }),
  /** The content a revision saved, to show before restoring it. */
  get_course_part_revision: call({
    access: 'staff',
    data: z.object({ CourseId: id, RevisionId: id }),
    answer: z.object({ status: ok, data: PartContent.omit({ Version: true }).extend({ Revision: PartRevision }) }),
  }),
  /** Makes a revision the part's content again (itself a new revision). Lock holder, current version. */
  restore_course_part_revision: call({
    access: 'staff',
    data: z.object({ ...partWrite, RevisionId: id }),
    answer: z.object(written),
  }),
  /**
   * The course's default language, the other languages its name or description still lacks a translation in, and
   * for each of its parts (in their order) the other languages it still lacks a translation in (staff; no lock needed
   * to read).
   */
  get_course_translation_status: call({
    access: 'staff',
    data: z.object({ CourseId: id }),
    answer: z.object({
      status: ok,
      DefaultLanguage: z.string(),
      CourseMissingTranslations: z.array(z.string()),
      data: z.array(PartTranslationStatus),
    }),
  }),
  /** Staff open a course to a user; granting it again only moves its expiry. */
  grant_course_access: call({
    access: 'staff',
    data: z.object({ CourseId: id, UserId: id, ExpiresAt: isoDate.pipe(z.iso.datetime()).nullable().optional() }),
    answer: z.object({ status: ok }),
  }),
  revoke_course_access: call({
    access: 'staff',
    data: z.object({ CourseId: id, UserId: id }),
    answer: z.object({ status: ok }),
  }),
  /**
   * Staff give a learner her attempts at a test of the course back: her result on it is removed (a part the test
   * completed, and xp earned, stay). `removed` is false when she had no result.
   */
  reset_test_attempts: call({
    access: 'staff',
    data: z.object({ CourseId: id, UserId: id, BlockId: id }),
    answer: z.object({ status: ok, removed: z.boolean() }),
  }),
});
