import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type MigrationHelpers, migrationHelpers } from './helpers';

/** Courses, their parts and blocks, who may open them, and what learners earn there (spec §1, §3, §4). */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h: MigrationHelpers = migrationHelpers(db);

  // Secrets the server processes share, made once per database: the key that signs media links.
  await h.table('server_secrets', (t) =>
    t
      .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('value', 'varchar(200)', (c) => c.notNull()),
  );
  const at = new Date().toISOString();
  await db
    .insertInto('server_secrets')
    .values({ name: 'media', value: randomBytes(32).toString('base64'), created_at: at, updated_at: at })
    .execute();

  await h.tenantTable('media_files', (t) =>
    t
      .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('storage_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull()),
  );

  await h.tenantTable('courses', (t) =>
    t
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category', 'varchar(100)')
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('progress_event', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('xp_per_reward', 'integer', (c) => c.notNull().defaultTo(5))
      .addColumn('certificate_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('certificate_validity_months', 'integer'),
  );
  await h.index('courses', ['site_id', 'sort_id']);

  await h.tenantTable('course_coaches', (t) =>
    t
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('sort_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('course_coaches_unique', ['site_id', 'course_id', 'user_id']),
  );

  await h.tenantTable('course_parts', (t) =>
    t
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('sort_id', 'integer', (c) => c.notNull())
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('publish_date', h.timestamp)
      .addColumn('free', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mentor_only', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('post_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('progress_criteria', 'varchar(20)', (c) => c.notNull().defaultTo('visit'))
      .addColumn('icon', 'varchar(50)')
      .addColumn('video_length', 'integer', (c) => c.notNull().defaultTo(0)),
  );
  await h.index('course_parts', ['site_id', 'course_id', 'sort_id']);

  await h.tenantTable('course_blocks', (t) =>
    t
      .addColumn('course_part_id', 'integer', (c) => c.notNull().references('course_parts.id').onDelete('cascade'))
      .addColumn('sort_id', 'integer', (c) => c.notNull())
      .addColumn('block_type', 'varchar(20)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      // The part a Post block links to (a chapter's episodes are Post blocks).
      .addColumn('post_id', 'integer', (c) => c.references('course_parts.id').onDelete('cascade'))
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('mentor_only', 'integer', (c) => c.notNull().defaultTo(0))
      // JSON: the block's own fields (text, media id, questions with their answers…), shaped per block type.
      .addColumn('content', 'text', (c) => c.notNull()),
  );
  await h.index('course_blocks', ['site_id', 'course_part_id', 'sort_id']);

  await h.tenantTable('course_access', (t) =>
    t
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('source', 'varchar(20)', (c) => c.notNull())
      .addColumn('granted_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('expires_at', h.timestamp)
      .addUniqueConstraint('course_access_unique', ['site_id', 'user_id', 'course_id']),
  );
  await h.index('course_access', ['site_id', 'course_id']);

  await h.tenantTable('course_progress', (t) =>
    t
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('progress_percent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('xp', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completed_at', h.timestamp)
      .addUniqueConstraint('course_progress_unique', ['site_id', 'user_id', 'course_id']),
  );

  await h.tenantTable('part_progress', (t) =>
    t
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('course_part_id', 'integer', (c) => c.notNull().references('course_parts.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('video_play', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completed_at', h.timestamp)
      .addColumn('milestone_completed_at', h.timestamp)
      .addUniqueConstraint('part_progress_unique', ['site_id', 'user_id', 'course_part_id']),
  );
  await h.index('part_progress', ['site_id', 'user_id', 'course_id']);

  // One row per xp award; the unique key is what makes a replay or a double submit award nothing.
  await h.tenantTable('xp_awards', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('course_part_id', 'integer', (c) => c.notNull().references('course_parts.id').onDelete('cascade'))
      .addColumn('source', 'varchar(20)', (c) => c.notNull())
      .addColumn('xp', 'integer', (c) => c.notNull())
      .addUniqueConstraint('xp_awards_unique', ['site_id', 'user_id', 'course_part_id', 'source']),
  );
  await h.index('xp_awards', ['site_id', 'user_id', 'course_id']);

  await h.tenantTable('achievements', (t) =>
    t
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('required_xp', 'integer', (c) => c.notNull()),
  );
  await h.index('achievements', ['site_id', 'course_id', 'required_xp']);

  await h.tenantTable('user_achievements', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('achievement_id', 'integer', (c) => c.notNull().references('achievements.id').onDelete('cascade'))
      .addUniqueConstraint('user_achievements_unique', ['site_id', 'user_id', 'achievement_id']),
  );

  await h.tenantTable('certificates', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('issued_at', h.timestamp, (c) => c.notNull())
      .addColumn('expires_at', h.timestamp)
      .addUniqueConstraint('certificates_unique', ['site_id', 'user_id', 'course_id']),
  );

  // The latest answer of a user to a quiz or test block, with its score.
  await h.tenantTable('block_results', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_block_id', 'integer', (c) => c.notNull().references('course_blocks.id').onDelete('cascade'))
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('max_score', 'integer', (c) => c.notNull())
      .addColumn('passed', 'integer', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('block_results_unique', ['site_id', 'user_id', 'course_block_id']),
  );

  await h.tenantTable('resources', (t) =>
    t
      .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('url', 'varchar(2000)')
      .addColumn('media_file_id', 'integer', (c) => c.references('media_files.id').onDelete('cascade'))
      .addColumn('sort_id', 'integer', (c) => c.notNull().defaultTo(0)),
  );
  await h.index('resources', ['site_id', 'sort_id']);
}
