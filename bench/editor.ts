import { createSession } from '../src/server/modules/identity/services/sessions';
import { createDatabase } from '../src/server/platform/db';
import { createUser } from '../src/server/seed/factories';
import type { BenchFixtures } from './seed';

/** The editor of the bench's course: an administrator of the bench site with a session, and the part she saves. */
export interface BenchEditor {
  id: number;
  token: string;
  partId: number;
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
      .select('id')
      .where('site_id', '=', site.id)
      .where('course_id', '=', fixtures.course.id)
      .orderBy('sort_id')
      .executeTakeFirstOrThrow();
    return { id: editor.id, token: await createSession(db, { siteId: site.id, userId: editor.id }), partId: part.id };
  } finally {
    await db.destroy();
  }
}
