import { createSession } from '../src/server/modules/identity/services/sessions';
import { createDatabase } from '../src/server/platform/db';
import { createUser } from '../src/server/seed/factories';
import type { BenchFixtures } from './seed';

/** The editor of the bench's course: an administrator of the bench site with a session, and the part she saves. */
export interface BenchEditor {
  id: number;
  token: string;
  partId: number;
  partName: string;
  /** The part's blocks as the editor saves them (save_course_part_content). */
  blocks: { Id: number; BlockType: string; Content: unknown }[];
}

/**
 * Adds the editor to a seeded bench database (this checkout's or that of --compare: the tables it writes are the
 * same), for the scenarios that edit the course the bench user reads.
 */
export async function addEditor(databaseUrl: string, fixtures: BenchFixtures): Promise<BenchEditor> {
  const db = createDatabase({ url: databaseUrl });
  try {
    const site = { id: fixtures.site.id };
    const editor = await createUser(db, {
      site,
      role: 'admin',
      firstName: 'Bench',
      lastName: 'Editor',
      email: 'bench-editor@example.test',
      passwordHash: 'not-used',
    });
    const part = await db
      .selectFrom('course_parts')
      .select(['id', 'name'])
      .where('site_id', '=', site.id)
      .where('course_id', '=', fixtures.course.id)
      .orderBy('sort_id')
      .executeTakeFirstOrThrow();
    const blocks = await db
      .selectFrom('course_blocks')
      .select(['id', 'block_type', 'content'])
      .where('site_id', '=', site.id)
      .where('course_part_id', '=', part.id)
      .orderBy('sort_id')
      .execute();
    return {
      id: editor.id,
      token: await createSession(db, { siteId: site.id, userId: editor.id }),
      partId: part.id,
      partName: part.name,
      blocks: blocks.map((b) => ({ Id: b.id, BlockType: b.block_type, Content: JSON.parse(b.content) })),
    };
  } finally {
    await db.destroy();
  }
}
