import type { Kysely } from 'kysely';
import { type MigrationHelpers, migrationHelpers } from './helpers';

/** Messages between users, the staff's tasks, and exams that coaches review (spec §3–§5, §7). */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h: MigrationHelpers = migrationHelpers(db);

  // When the user last polled her messages: presence, written at most every 30 s.
  await db.schema.alterTable('users').addColumn('last_seen_at', h.timestamp).execute();

  await h.tenantTable('messages', (t) =>
    t
      // 'chat' between two users, 'system' from the platform (no sender), 'support' to the support inbox.
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('from_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('to_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('title', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
      .addColumn('course_part_id', 'integer', (c) => c.references('course_parts.id').onDelete('set null'))
      .addColumn('showed_at', h.timestamp)
      .addColumn('replied_at', h.timestamp)
      .addColumn('emailed_at', h.timestamp)
      .addColumn('removed_by_sender', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('removed_by_recipient', 'integer', (c) => c.notNull().defaultTo(0)),
  );
  // The inbox (and the support inbox, whose rows have no recipient), newest first, and its LastDate increments.
  await h.index('messages', ['site_id', 'to_user_id', 'created_at']);
  // A conversation, one index seek per direction; also the 5-second duplicate check and the reply marks.
  await h.index('messages', ['site_id', 'from_user_id', 'to_user_id', 'created_at']);
  // The bell's count on every poll: only the unopened rows of the recipient are read.
  await h.index('messages', ['site_id', 'to_user_id', 'showed_at']);

  await h.tenantTable('user_exams', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('course_part_id', 'integer', (c) => c.notNull().references('course_parts.id').onDelete('cascade'))
      .addColumn('course_block_id', 'integer', (c) => c.notNull().references('course_blocks.id').onDelete('cascade'))
      // in_progress → submitted → completed, or back to in_progress when a coach returns it.
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('review_comment', 'text')
      .addColumn('submitted_at', h.timestamp)
      .addColumn('reviewed_at', h.timestamp)
      .addColumn('reviewed_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('submissions', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('user_exams_unique', ['site_id', 'user_id', 'course_block_id']),
  );
  await h.index('user_exams', ['site_id', 'course_id', 'status']);

  await h.tenantTable('tasks', (t) =>
    t
      .addColumn('task_type', 'integer', (c) => c.notNull())
      // The student the task is about (the sender of a support message, the author of a submission).
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
      .addColumn('course_part_id', 'integer', (c) => c.references('course_parts.id').onDelete('set null'))
      .addColumn('user_exam_id', 'integer', (c) => c.references('user_exams.id').onDelete('set null'))
      .addColumn('message_id', 'integer', (c) => c.references('messages.id').onDelete('set null'))
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('event_start_date', h.timestamp)
      // Null: nobody yet (the spec's owner -1).
      .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('completed_at', h.timestamp)
      .addColumn('completed_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('trashed_at', h.timestamp),
  );
  await h.index('tasks', ['site_id', 'trashed_at', 'completed_at']);
  // The review tasks of an exam (completed by its review) and the task of a support message.
  await h.index('tasks', ['site_id', 'user_exam_id']);
  await h.index('tasks', ['site_id', 'message_id']);
}
