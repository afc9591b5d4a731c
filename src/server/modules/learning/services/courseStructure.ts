import type { Language } from '../../../../shared/domain/language';
import type { Db } from '../../../platform/db';
import { prepare } from '../../../platform/db/prepared';
import type { CourseBlockRow, MediaFileRow } from '../../../platform/db/schema';
import { linkExpiry, mediaSigner } from '../../../platform/files/media';
import { BoundedCache } from '../../../platform/lib/lru';
import { mediaIdOf } from '../domain/blockContent';
import { inLanguage } from '../domain/translations';
import { type CourseStructure, presentCourseStructure } from '../presenters/course';

/**
 * The presented structure of a course (its parts and blocks as staff or as learners see them) is the same for every
 * viewer until the course changes, and presenting it again was nearly all of get_course's cost (docs/performance.md).
 * Every write of a course's content bumps `courses.version` in the same transaction (authoring's `authoringWrite`,
 * or `bumpCourseVersion` of a write outside it), and get_course reads the course's row on every call anyway; so each
 * process keeps the structures it presented under their course's version, and a change made through any process is
 * seen through every other on its next call. A structure holds no viewer's data and nothing that depends on the
 * moment: a learner's part with a later publish date is in it, marked, and left out per request until then.
 */

/** What a structure is presented from, besides the course's content of that version. */
export interface StructureKey {
  siteId: number;
  courseId: number;
  version: number;
  /** The language the course is presented in; null: the course's own (`defaultLanguage`). */
  language: Language | null;
  defaultLanguage: string;
  staff: boolean;
  /** The course's settings its blocks show (Reward xp, a test's attempts), read from its row on every call. */
  xpPerReward: number;
  testAttempts: number | null;
}

/** A structure of a 200-part course takes about 0.5 MB; a process keeps a few hundred courses' at most. */
const LIMITS = { entries: 500, bytes: 64 * 1024 * 1024 };

interface Caches {
  built: BoundedCache<CourseStructure>;
  /** Per course, its newest version kept and that version's keys: a newer version's structures replace them. */
  newest: Map<string, { version: number; ids: string[] }>;
  /** Structures being presented, so that calls arriving meanwhile wait for the one presentation. */
  pending: Map<string, Promise<CourseStructure>>;
}

const cachesByDb = new WeakMap<Db, Caches>();

function cachesOf(db: Db): Caches {
  let caches = cachesByDb.get(db);
  if (!caches) {
    caches = { built: new BoundedCache(LIMITS), newest: new Map(), pending: new Map() };
    cachesByDb.set(db, caches);
  }
  return caches;
}

/** The course's version: read again after presenting, to know that what was read belongs to one version. */
const versionQuery = prepare({ siteId: true, courseId: true }, (db, v: { siteId: number; courseId: number }) =>
  db.selectFrom('courses').select('version').where('site_id', '=', v.siteId).where('id', '=', v.courseId),
);

/** The parts of a course in their order. */
export const partsOfCourse = (db: Db, siteId: number, courseId: number) =>
  db
    .selectFrom('course_parts')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('course_id', '=', courseId)
    .orderBy('sort_id')
    .orderBy('id')
    .execute();

/**
 * The blocks of a course's parts. The part ids come from a subquery on the course, so both databases seek the
 * blocks index per part rather than reading every block of the site and joining.
 */
export const blocksOfCourse = (db: Db, siteId: number, courseId: number) =>
  db
    .selectFrom('course_blocks')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('course_part_id', 'in', (parts) =>
      parts.selectFrom('course_parts').select('id').where('site_id', '=', siteId).where('course_id', '=', courseId),
    )
    .orderBy('course_part_id')
    .orderBy('sort_id')
    .orderBy('id')
    .execute();

export async function mediaOf(db: Db, siteId: number, blocks: CourseBlockRow[]): Promise<Map<number, MediaFileRow>> {
  const ids = [...new Set(blocks.map((b) => mediaIdOf(b.block_type, b.content)).filter((id) => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('media_files')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether an audience sees a part or block whatever the time: staff all, learners the published ones for all. */
const forAudience = (staff: boolean, row: { published: number; mentor_only: number }) =>
  staff || (row.published === 1 && row.mentor_only === 0);

async function presentStructure(db: Db, key: StructureKey, expiry: number) {
  const { siteId, courseId, staff } = key;
  const [allParts, allBlocks] = await Promise.all([
    partsOfCourse(db, siteId, courseId),
    blocksOfCourse(db, siteId, courseId),
  ]);
  const shownParts = allParts.filter((part) => forAudience(staff, part));
  const partIds = new Set(shownParts.map((part) => part.id));
  const { parts, blocks } = inLanguage(
    {
      parts: shownParts,
      blocks: allBlocks.filter((block) => partIds.has(block.course_part_id) && forAudience(staff, block)),
    },
    key.language ?? key.defaultLanguage,
    key.defaultLanguage,
  );
  const [media, sign] = await Promise.all([mediaOf(db, siteId, blocks), mediaSigner(db, siteId, expiry)]);
  const structure = await presentCourseStructure(parts, blocks, {
    staff,
    xpPerReward: key.xpPerReward,
    testAttempts: key.testAttempts,
    sign,
    media,
  });
  const [row] = await versionQuery.run(db, { siteId, courseId }, undefined);
  return { structure, sameVersion: row?.version === key.version };
}

/** Keeps a structure, and drops those of the course's older versions: no call will ask for them again. */
function keep(caches: Caches, key: StructureKey, id: string, structure: CourseStructure): void {
  const course = `${key.siteId}/${key.courseId}`;
  const newest = caches.newest.get(course);
  if (newest && newest.version > key.version) return;
  if (newest && newest.version === key.version) {
    newest.ids.push(id);
  } else {
    for (const old of newest?.ids ?? []) caches.built.delete(old);
    // Bounded like the cache: forgetting the keys of old versions only leaves them to age out.
    if (caches.newest.size >= LIMITS.entries) caches.newest.clear();
    caches.newest.set(course, { version: key.version, ids: [id] });
  }
  caches.built.set(id, structure, structure.bytes);
}

/**
 * The structure of a course at `key.version`, from this process's cache or presented now. Its media links are
 * signed with the current link expiry, which is part of the key: a structure is not used once its links would
 * last less than 3 hours. One that changed while it was presented (another write committed meanwhile) answers
 * this call but is not kept.
 */
export function courseStructure(db: Db, key: StructureKey): Promise<CourseStructure> {
  const expiry = linkExpiry();
  const id = [
    key.siteId,
    key.courseId,
    key.version,
    key.language ?? '',
    key.defaultLanguage,
    key.staff ? 'staff' : 'learner',
    key.xpPerReward,
    key.testAttempts ?? '',
    expiry,
  ].join('/');
  const caches = cachesOf(db);
  const { built, pending } = caches;
  const cached = built.get(id);
  if (cached) return Promise.resolve(cached);
  const waiting = pending.get(id);
  if (waiting) return waiting;
  const presenting = presentStructure(db, key, expiry)
    .then(({ structure, sameVersion }) => {
      if (sameVersion) keep(caches, key, id, structure);
      return structure;
    })
    .finally(() => pending.delete(id));
  pending.set(id, presenting);
  return presenting;
}
