import type { Language } from '../../../../shared/domain/language';
import type { Db } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { GzipPieces } from '../../../platform/http/gzipPieces';
import { BoundedCache } from '../../../platform/lib/lru';
import { courseAbilities } from '../policies/course';
import { type CourseStructure, type CourseView, presentCourseAnswer } from '../presenters/course';
import { type CourseRead, courseViewOf, readCourseForViewer, type ViewerCourseRow } from './courses';

/**
 * get_course's answers, kept per viewer. A learner's course page asks for the same answer again and again (each
 * visit, each return to the tab) while nothing of hers changed, and making it (her lists parsed, her progress put
 * between the parts, the gzip form written) costs several times what reading it does. So each process keeps the
 * last answer it made for a viewer with everything it was made from: the row read for her (the course's version
 * and settings, the edit lock, her access, progress, rewards, results, certificate, the coaches' names and the
 * achievements, compared as read), the structure it was made of, and the moment until which time alone changes
 * nothing in it. Every call still reads that row: an answer is used again only when the row read now is the same,
 * so a change made through any process, or straight in the database, is seen on the next call.
 */

/** About 400 answers of a 200-part course; many more of smaller ones. */
const LIMITS = { entries: 5_000, bytes: 16 * 1024 * 1024 };

/** A kept answer costs its gzip form and about this much per part for its pieces. */
const BYTES_PER_PART = 200;

type Answer = ReturnType<typeof presentCourseAnswer>;

interface Kept {
  row: ViewerCourseRow;
  structure: CourseStructure;
  /** The first moment at which time alone changes the answer: a part's publish date, the lock's or certificate's end. */
  until: string;
  answer: Answer;
}

const cachesByDb = new WeakMap<Db, BoundedCache<Kept>>();

function cacheOf(db: Db): BoundedCache<Kept> {
  let cache = cachesByDb.get(db);
  if (!cache) {
    cache = new BoundedCache(LIMITS);
    cachesByDb.set(db, cache);
  }
  return cache;
}

/** Whether two rows read for a viewer hold the same values (lists as their JSON text). */
function sameRow(a: ViewerCourseRow, b: ViewerCourseRow): boolean {
  for (const key of Object.keys(a) as (keyof ViewerCourseRow)[]) {
    if (a[key] !== b[key]) return false;
  }
  return true;
}

const NEVER = '9999-12-31T23:59:59.999Z';

/** The first moment after `view.at` at which the same row would make another answer. */
function changesAt(view: CourseView, row: ViewerCourseRow): string {
  const { at } = view;
  let until = NEVER;
  const later = (moment: string | null | undefined) => {
    if (moment && moment > at && moment < until) until = moment;
  };
  for (const part of view.structure.parts) later(part.visibleFrom);
  if (row.locked_by_user_id !== null) later(row.lock_expires_at);
  later(view.certificate?.expires_at);
  return until;
}

/**
 * get_course's answer for one viewer now: the kept one when what it was made from is what was read now, else made
 * and kept. `language`: the language the course is presented in.
 */
export async function courseAnswer(
  db: Db,
  opts: { siteId: number; user: SessionUser; courseId: number; language: Language },
): Promise<Answer> {
  const { user } = opts;
  const read: CourseRead = await readCourseForViewer(db, opts);
  const abilities = courseAbilities(user);
  const key = [
    opts.siteId,
    opts.courseId,
    user.id,
    opts.language,
    read.staff,
    abilities.viewAsStaff,
    abilities.seeAdminMarkers,
  ].join('/');
  const cache = cacheOf(db);
  const kept = cache.get(key);
  if (kept && kept.structure === read.structure && read.at < kept.until && sameRow(kept.row, read.row)) {
    return kept.answer;
  }
  const view = courseViewOf(read, user, opts.language);
  const answer = presentCourseAnswer(view);
  const { json } = answer;
  const bytes =
    (json instanceof GzipPieces ? json.gzipBound() : json.length) + BYTES_PER_PART * view.structure.parts.length;
  cache.set(key, { row: read.row, structure: read.structure, until: changesAt(view, read.row), answer }, bytes);
  return answer;
}
