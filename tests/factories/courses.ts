import fs from 'node:fs';
import path from 'node:path';
import { now } from '../../src/server/platform/db';
import { uploadDir } from '../../src/server/platform/files/media';
import type { BlockType } from '../../src/shared/domain/learning/course';
import type { TestServer } from '../support/server';

export interface PartSpec {
  name?: string;
  criteria?: 'visit' | 'video' | 'test' | 'review' | 'none';
  published?: boolean;
  mentorOnly?: boolean;
  free?: boolean;
  /** Days from now until the part opens (negative: already open). */
  publishInDays?: number;
  postType?: number;
  blocks?: BlockSpec[];
}

export interface BlockSpec {
  type: BlockType;
  content?: Record<string, unknown>;
  /** Post blocks: the index (in `parts`) of the part they link to. */
  post?: number;
  published?: boolean;
  mentorOnly?: boolean;
}

export interface CreatedCourse {
  id: number;
  name: string;
  partIds: number[];
  /** Block ids per part, in order. */
  blockIds: number[][];
  achievementIds: number[];
}

/** A quiz or test question whose right answer is its first option. */
export const question = (id: string, options = 2) => ({
  id,
  text: `Question ${id}`,
  multiple: false,
  options: Array.from({ length: options }, (_, i) => ({ id: `${id}-${i}`, text: `Option ${i}` })),
  correct: [`${id}-0`],
});

/** A course with its parts, blocks and achievements, written straight to the database. */
export async function createCourse(
  server: TestServer,
  options: {
    site: { id: number };
    name?: string;
    published?: boolean;
    category?: string | null;
    progressEvent?: 1 | 2;
    xpPerReward?: number;
    certificateMonths?: number | null;
    certificate?: boolean;
    parts?: PartSpec[];
    achievements?: number[];
  },
): Promise<CreatedCourse> {
  const at = now();
  const siteId = options.site.id;
  const name = options.name ?? `Course ${Math.random().toString(36).slice(2, 8)}`;
  const course = await server.db
    .insertInto('courses')
    .values({
      site_id: siteId,
      name,
      description: `About ${name}`,
      category: options.category ?? null,
      published: options.published === false ? 0 : 1,
      sort_id: 0,
      progress_event: options.progressEvent ?? 1,
      xp_per_reward: options.xpPerReward ?? 5,
      certificate_enabled: options.certificate === false ? 0 : 1,
      certificate_validity_months: options.certificateMonths ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const parts = options.parts ?? [{}];
  const partIds: number[] = [];
  for (const [index, part] of parts.entries()) {
    const row = await server.db
      .insertInto('course_parts')
      .values({
        site_id: siteId,
        course_id: course.id,
        name: part.name ?? `Part ${index + 1}`,
        sort_id: index + 1,
        published: part.published === false ? 0 : 1,
        publish_date:
          part.publishInDays === undefined
            ? null
            : new Date(Date.now() + part.publishInDays * 86_400_000).toISOString(),
        free: part.free ? 1 : 0,
        mentor_only: part.mentorOnly ? 1 : 0,
        post_type: part.postType ?? 1,
        progress_criteria: part.criteria ?? 'visit',
        icon: null,
        video_length: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    partIds.push(row.id);
  }

  const blockIds: number[][] = [];
  for (const [index, part] of parts.entries()) {
    const ids: number[] = [];
    for (const [blockIndex, block] of (part.blocks ?? []).entries()) {
      const row = await server.db
        .insertInto('course_blocks')
        .values({
          site_id: siteId,
          course_part_id: partIds[index] as number,
          sort_id: blockIndex + 1,
          block_type: block.type,
          title: `${block.type} ${blockIndex + 1}`,
          post_id: block.post === undefined ? null : (partIds[block.post] ?? null),
          published: block.published === false ? 0 : 1,
          mentor_only: block.mentorOnly ? 1 : 0,
          content: JSON.stringify(block.content ?? (block.type === 'Post' ? {} : { html: '<p>Text</p>' })),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    blockIds.push(ids);
  }

  const achievementIds: number[] = [];
  for (const requiredXp of options.achievements ?? []) {
    const row = await server.db
      .insertInto('achievements')
      .values({
        site_id: siteId,
        course_id: course.id,
        title: `Reach ${requiredXp} xp`,
        description: '',
        required_xp: requiredXp,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    achievementIds.push(row.id);
  }
  return { id: course.id, name, partIds, blockIds, achievementIds };
}

export async function grantAccess(
  server: TestServer,
  options: { site: { id: number }; course: { id: number }; user: { id: number }; expiresAt?: Date | null },
) {
  const at = now();
  await server.db
    .insertInto('course_access')
    .values({
      site_id: options.site.id,
      course_id: options.course.id,
      user_id: options.user.id,
      source: 'staff',
      granted_by_user_id: null,
      expires_at: options.expiresAt ? options.expiresAt.toISOString() : null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** A medium of a site: a small file in its upload folder and its row. */
export async function createMedia(
  server: TestServer,
  options: { site: { id: number }; kind?: 'video' | 'file' | 'image'; bytes?: Buffer; mimeType?: string },
) {
  const bytes = options.bytes ?? Buffer.from('0123456789'.repeat(100));
  const storageName = `test-${Math.random().toString(36).slice(2)}.bin`;
  const dir = uploadDir(server.config, options.site.id);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, storageName), bytes);
  const at = now();
  const row = await server.db
    .insertInto('media_files')
    .values({
      site_id: options.site.id,
      owner_user_id: null,
      kind: options.kind ?? 'file',
      storage_name: storageName,
      original_name: 'notes.pdf',
      mime_type: options.mimeType ?? 'application/pdf',
      size_bytes: bytes.length,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, bytes };
}
