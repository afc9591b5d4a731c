import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { companyNameKey } from '../../shared/domain/administration/companies';
import { type BlockType, PostType, type ProgressCriteria } from '../../shared/domain/learning/course';
import { UserType } from '../../shared/domain/roles';
import type { PlanId } from '../../shared/domain/site/plans';
import { type Db, now } from '../platform/db';
import type { AccessSource, Database, MediaKind } from '../platform/db/schema';
import { mediaStore, type StoreConfig } from '../platform/files/storage';

/**
 * Factories: the rows of the domain written straight to a database, on any Kysely handle (a transaction too). The
 * demo seed, the bench seed and the tests build their data with them. `…Values` gives a row to insert (the bench
 * batches thousands of them); `create…` inserts one and answers what a caller needs of it. Defaults are plain
 * placeholders; a caller names what matters to it.
 */

type Values<T extends keyof Database> = Insertable<Database[T]>;
/** Anything with a site's id: a site, or its id wrapped. */
type SiteRef = { id: number };
type Ref = { id: number };

const unique = () => randomBytes(5).toString('hex');
const flag = (value: boolean) => (value ? 1 : 0);
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export interface SiteSpec {
  /** The name the `site` header carries; a fresh one unless given. */
  name?: string;
  title?: string;
  plan?: PlanId;
  registrationEnabled?: boolean;
  trialEndsAt?: string | null;
}

export const siteValues = (spec: SiteSpec & { name: string }, at = now()): Values<'sites'> => ({
  name: spec.name,
  title: spec.title ?? `Site ${spec.name}`,
  plan: spec.plan ?? 'starter',
  registration_enabled: flag(spec.registrationEnabled ?? true),
  trial_ends_at: spec.trialEndsAt ?? null,
  created_at: at,
  updated_at: at,
});

/** A site of its own (for a test: tests never see each other's rows). */
export async function createSite(db: Db, spec: SiteSpec = {}): Promise<{ id: number; name: string }> {
  const name = spec.name ?? `site-${unique()}`;
  const row = await db
    .insertInto('sites')
    .values(siteValues({ ...spec, name }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

export interface CompanySpec {
  site: SiteRef;
  name: string;
  /** The users it pays for; null or absent: no limit. */
  seats?: number | null;
  contactName?: string;
  contactEmail?: string;
  contactPhone?: string;
  orgNumber?: string;
}

export const companyValues = (spec: CompanySpec, at = now()): Values<'companies'> => ({
  site_id: spec.site.id,
  name: spec.name,
  name_key: companyNameKey(spec.name),
  seats: spec.seats ?? null,
  contact_name: spec.contactName ?? '',
  contact_email: spec.contactEmail ?? '',
  contact_phone: spec.contactPhone ?? '',
  org_number: spec.orgNumber ?? '',
  created_at: at,
  updated_at: at,
});

/** A company of a site (a business customer whose users it groups). */
export async function createCompany(db: Db, spec: CompanySpec): Promise<{ id: number }> {
  return db.insertInto('companies').values(companyValues(spec)).returning('id').executeTakeFirstOrThrow();
}

/** Who a user is: a key of the domain's UserType. */
export type Role = keyof typeof UserType;

export interface UserSpec {
  site: SiteRef;
  role?: Role;
  email?: string;
  /** The stored hash (`hashPassword`): the factories hash nothing, so many users can share one hash. */
  passwordHash: string;
  firstName?: string;
  lastName?: string;
  /** Above 50 for staff pages; 100 for staff and 0 for students unless given. */
  privilegies?: number;
  /** A verified address unless false. */
  verified?: boolean;
  totalXp?: number;
  companyId?: number | null;
  /** Her chosen language; none (the site's default) unless given. */
  language?: 'en' | 'sv' | null;
}

export function userValues(spec: UserSpec, at = now()): Values<'users'> {
  const role = spec.role ?? 'student';
  return {
    site_id: spec.site.id,
    email: (spec.email ?? `${role}-${unique()}@example.test`).toLowerCase(),
    password_hash: spec.passwordHash,
    first_name: spec.firstName ?? `${role[0]?.toUpperCase()}${role.slice(1)}`,
    last_name: spec.lastName ?? 'Tester',
    user_type: UserType[role],
    privilegies: spec.privilegies ?? (role === 'student' ? 0 : 100),
    user_file_id: null,
    total_xp: spec.totalXp ?? 0,
    collect_xp: 1,
    company_id: spec.companyId ?? null,
    // Only when given: a database migrated to before the column (tests of migrations) has no such column.
    ...(spec.language ? { language: spec.language } : {}),
    email_verified_at: spec.verified === false ? null : at,
    created_at: at,
    updated_at: at,
  };
}

export async function createUser(db: Db, spec: UserSpec): Promise<{ id: number; email: string }> {
  const values = userValues(spec);
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, email: values.email };
}

export interface NewsSpec {
  site: SiteRef;
  title?: string;
  content?: string;
  /** An hour ago unless given. */
  publishedAt?: Date;
  /** The item in Swedish. */
  sv?: { title: string; content: string };
}

export function newsValues(spec: NewsSpec, at = now()): Values<'news'> {
  const title = spec.title ?? `News ${unique()}`;
  return {
    site_id: spec.site.id,
    title,
    content: spec.content ?? `<p>About ${title}</p>`,
    published_at: (spec.publishedAt ?? new Date(Date.now() - 3_600_000)).toISOString(),
    ...(spec.sv ? { translations: JSON.stringify({ sv: spec.sv }) } : {}),
    created_at: at,
    updated_at: at,
  };
}

/** A news item of a site. */
export async function createNews(db: Db, spec: NewsSpec): Promise<{ id: number; title: string }> {
  const values = newsValues(spec);
  const row = await db.insertInto('news').values(values).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, title: values.title };
}

export interface MediaSpec {
  site: SiteRef;
  kind?: MediaKind;
  /** The file's name in the site's upload folder. */
  storageName?: string;
  /** The name it was uploaded (and is downloaded) under. */
  originalName?: string;
  mimeType?: string;
  sizeBytes: number;
  /** A video's or audio's length; the column's default (0, not known) unless given. */
  durationSeconds?: number;
}

export const mediaValues = (spec: MediaSpec, at = now()): Values<'media_files'> => ({
  site_id: spec.site.id,
  owner_user_id: null,
  kind: spec.kind ?? 'file',
  storage_name: spec.storageName ?? `media-${unique()}.bin`,
  original_name: spec.originalName ?? 'notes.pdf',
  mime_type: spec.mimeType ?? 'application/pdf',
  size_bytes: spec.sizeBytes,
  // Only when given: rows are also written to databases migrated to before the column (tests of migrations).
  ...(spec.durationSeconds ? { duration_seconds: spec.durationSeconds } : {}),
  created_at: at,
  updated_at: at,
});

/** A medium of a site: its file in the media store the config names, and its row. */
export async function createMedia(
  db: Db,
  spec: Omit<MediaSpec, 'sizeBytes'> & { config: StoreConfig; bytes?: Uint8Array },
): Promise<{ id: number; bytes: Buffer }> {
  const bytes = Buffer.from(spec.bytes ?? Buffer.from('0123456789'.repeat(100)));
  const values = mediaValues({ ...spec, sizeBytes: bytes.length });
  await mediaStore(spec.config).write(spec.site.id, values.storage_name, bytes, values.mime_type);
  const row = await db.insertInto('media_files').values(values).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, bytes };
}

export interface BlockSpec {
  type: BlockType;
  /** `<type> <position>` unless given. */
  title?: string;
  /** The block's own fields as stored (see the learning module's blockContent); a short text unless given. */
  content?: Record<string, unknown>;
  /** Post blocks: the part they link to, by its index in the course's parts or by its key. */
  post?: number | string;
  published?: boolean;
  mentorOnly?: boolean;
}

export interface PartSpec {
  /** A name for Post blocks to link to. */
  key?: string;
  name?: string;
  criteria?: ProgressCriteria;
  published?: boolean;
  mentorOnly?: boolean;
  free?: boolean;
  /** Days from now until the part opens (negative: already open). */
  publishInDays?: number;
  postType?: number;
  icon?: string | null;
  videoLength?: number;
  blocks?: BlockSpec[];
}

export interface AchievementSpec {
  requiredXp: number;
  title?: string;
  description?: string;
}

export interface CourseSpec {
  site: SiteRef;
  name?: string;
  description?: string;
  category?: string | null;
  published?: boolean;
  sortId?: number;
  progressEvent?: 1 | 2;
  xpPerReward?: number;
  /** Whether completing it earns a certificate (yes unless false), and for how many months (null: no expiry). */
  certificate?: boolean;
  certificateMonths?: number | null;
  /** Attempts a learner has per test; null for no limit. */
  testAttempts?: number | null;
  /** One part that counts a visit unless given. */
  parts?: PartSpec[];
  /** Achievements, by the xp they need (or spelled out). */
  achievements?: (number | AchievementSpec)[];
}

export interface CreatedCourse {
  id: number;
  name: string;
  partIds: number[];
  /** Part ids by their key, for the parts that have one. */
  partIdOf: Record<string, number>;
  /** Block ids per part, in order. */
  blockIds: number[][];
  achievementIds: number[];
}

export function courseValues(spec: CourseSpec & { name: string }, at = now()): Values<'courses'> {
  return {
    site_id: spec.site.id,
    name: spec.name,
    description: spec.description ?? `About ${spec.name}`,
    category: spec.category ?? null,
    published: flag(spec.published ?? true),
    sort_id: spec.sortId ?? 0,
    progress_event: spec.progressEvent ?? 1,
    xp_per_reward: spec.xpPerReward ?? 5,
    certificate_enabled: flag(spec.certificate ?? true),
    certificate_validity_months: spec.certificateMonths ?? null,
    test_attempts: spec.testAttempts ?? null,
    created_at: at,
    updated_at: at,
  };
}

export const partValues = (
  spec: PartSpec & { site: SiteRef; course: Ref; sortId: number },
  at = now(),
): Values<'course_parts'> => ({
  site_id: spec.site.id,
  course_id: spec.course.id,
  name: spec.name ?? `Part ${spec.sortId}`,
  sort_id: spec.sortId,
  published: flag(spec.published ?? true),
  publish_date: spec.publishInDays === undefined ? null : daysFromNow(spec.publishInDays),
  free: flag(spec.free ?? false),
  mentor_only: flag(spec.mentorOnly ?? false),
  post_type: spec.postType ?? PostType.normal,
  progress_criteria: spec.criteria ?? 'visit',
  icon: spec.icon ?? null,
  video_length: spec.videoLength ?? 0,
  created_at: at,
  updated_at: at,
});

export const blockValues = (
  spec: Omit<BlockSpec, 'post'> & { site: SiteRef; partId: number; sortId: number; postId?: number | null },
  at = now(),
): Values<'course_blocks'> => ({
  site_id: spec.site.id,
  course_part_id: spec.partId,
  sort_id: spec.sortId,
  block_type: spec.type,
  title: spec.title ?? `${spec.type} ${spec.sortId}`,
  post_id: spec.postId ?? null,
  published: flag(spec.published ?? true),
  mentor_only: flag(spec.mentorOnly ?? false),
  content: JSON.stringify(spec.content ?? (spec.type === 'Post' ? {} : { html: '<p>Text</p>' })),
  created_at: at,
  updated_at: at,
});

export function achievementValues(
  spec: AchievementSpec & { site: SiteRef; course: Ref },
  at = now(),
): Values<'achievements'> {
  return {
    site_id: spec.site.id,
    course_id: spec.course.id,
    title: spec.title ?? `Reach ${spec.requiredXp} xp`,
    description: spec.description ?? '',
    required_xp: spec.requiredXp,
    created_at: at,
    updated_at: at,
  };
}

/** A course with its parts, blocks and achievements. */
export async function createCourse(db: Db, spec: CourseSpec): Promise<CreatedCourse> {
  const at = now();
  const { site } = spec;
  const name = spec.name ?? `Course ${unique()}`;
  const course = await db
    .insertInto('courses')
    .values(courseValues({ ...spec, name }, at))
    .returning('id')
    .executeTakeFirstOrThrow();

  const parts = spec.parts ?? [{}];
  const partIds: number[] = [];
  const partIdOf: Record<string, number> = {};
  for (const [index, part] of parts.entries()) {
    const row = await db
      .insertInto('course_parts')
      .values(partValues({ ...part, site, course, sortId: index + 1 }, at))
      .returning('id')
      .executeTakeFirstOrThrow();
    partIds.push(row.id);
    if (part.key) partIdOf[part.key] = row.id;
  }
  const postId = (post: number | string | undefined) =>
    post === undefined ? null : ((typeof post === 'number' ? partIds[post] : partIdOf[post]) ?? null);

  const blockIds: number[][] = [];
  for (const [index, part] of parts.entries()) {
    const ids: number[] = [];
    for (const [blockIndex, { post, ...block }] of (part.blocks ?? []).entries()) {
      const partId = partIds[index] as number;
      const row = await db
        .insertInto('course_blocks')
        .values(blockValues({ ...block, site, partId, sortId: blockIndex + 1, postId: postId(post) }, at))
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    blockIds.push(ids);
  }

  const achievementIds: number[] = [];
  for (const achievement of spec.achievements ?? []) {
    const values = typeof achievement === 'number' ? { requiredXp: achievement } : achievement;
    const row = await db
      .insertInto('achievements')
      .values(achievementValues({ ...values, site, course }, at))
      .returning('id')
      .executeTakeFirstOrThrow();
    achievementIds.push(row.id);
  }
  return { id: course.id, name, partIds, partIdOf, blockIds, achievementIds };
}

export interface AccessSpec {
  site: SiteRef;
  course: Ref;
  user: Ref;
  expiresAt?: Date | null;
  source?: AccessSource;
}

export const accessValues = (spec: AccessSpec, at = now()): Values<'course_access'> => ({
  site_id: spec.site.id,
  course_id: spec.course.id,
  user_id: spec.user.id,
  source: spec.source ?? 'staff',
  granted_by_user_id: null,
  expires_at: spec.expiresAt ? spec.expiresAt.toISOString() : null,
  created_at: at,
  updated_at: at,
});

/** Lets a user open a course (as staff grant it), until `expiresAt` if given. */
export async function grantAccess(db: Db, spec: AccessSpec): Promise<void> {
  await db.insertInto('course_access').values(accessValues(spec)).execute();
}

export interface CoachSpec {
  site: SiteRef;
  course: Ref;
  user: Ref;
  /** The first coach has the lowest. */
  sortId?: number;
}

export const coachValues = (spec: CoachSpec, at = now()): Values<'course_coaches'> => ({
  site_id: spec.site.id,
  course_id: spec.course.id,
  user_id: spec.user.id,
  sort_id: spec.sortId ?? 1,
  created_at: at,
  updated_at: at,
});

/** Makes a user a coach of a course. */
export async function addCoach(db: Db, spec: CoachSpec): Promise<void> {
  await db.insertInto('course_coaches').values(coachValues(spec)).execute();
}

export interface ResourceSpec {
  site: SiteRef;
  /** A course's own resource; for the whole site when null. */
  course: Ref | null;
  title: string;
  description?: string;
  url?: string | null;
  mediaFileId?: number | null;
  sortId?: number;
}

/** A resource: a link or a file, for the site or one course. */
export async function createResource(db: Db, spec: ResourceSpec): Promise<void> {
  const at = now();
  await db
    .insertInto('resources')
    .values({
      site_id: spec.site.id,
      course_id: spec.course?.id ?? null,
      title: spec.title,
      description: spec.description ?? '',
      url: spec.url ?? null,
      media_file_id: spec.mediaFileId ?? null,
      sort_id: spec.sortId ?? 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export interface RegistrationCodeSpec {
  site: SiteRef;
  /** Normalised (capitals of CODE_ALPHABET, no dashes); a fresh random one unless given. */
  code: string;
  courseIds: number[];
  batchKey?: string;
  note?: string;
  accessDays?: number | null;
  uses?: number;
  usesLeft?: number;
  validFrom?: string | null;
  validTo?: string | null;
  deactivatedAt?: string | null;
  createdBy?: Ref | null;
}

export const registrationCodeValues = (spec: RegistrationCodeSpec, at = now()): Values<'registration_codes'> => ({
  site_id: spec.site.id,
  code: spec.code,
  batch_key: spec.batchKey ?? unique(),
  note: spec.note ?? '',
  course_ids: JSON.stringify(spec.courseIds),
  access_days: spec.accessDays ?? null,
  access_until: null,
  uses_total: spec.uses ?? 1,
  uses_left: spec.usesLeft ?? spec.uses ?? 1,
  valid_from: spec.validFrom ?? null,
  valid_to: spec.validTo ?? null,
  deactivated_at: spec.deactivatedAt ?? null,
  created_by_user_id: spec.createdBy?.id ?? null,
  created_at: at,
  updated_at: at,
});

/** A registration code that gives access to `courseIds` (spec §4). */
export async function createRegistrationCode(db: Db, spec: RegistrationCodeSpec): Promise<{ id: number }> {
  return db
    .insertInto('registration_codes')
    .values(registrationCodeValues(spec))
    .returning('id')
    .executeTakeFirstOrThrow();
}
