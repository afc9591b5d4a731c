import type { Kysely } from 'kysely';
import { type MigrationHelpers, migrationHelpers } from './helpers';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h: MigrationHelpers = migrationHelpers(db);

  await h.table('sites', (t) =>
    t
      .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('plan', 'varchar(20)', (c) => c.notNull())
      .addColumn('registration_enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('trial_ends_at', h.timestamp),
  );

  await h.tenantTable('companies', (t) => t.addColumn('name', 'varchar(200)', (c) => c.notNull()));

  await h.tenantTable('users', (t) =>
    t
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
      .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('user_type', 'integer', (c) => c.notNull())
      .addColumn('privilegies', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_file_id', 'integer')
      .addColumn('total_xp', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('collect_xp', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
      .addColumn('email_verified_at', h.timestamp)
      .addUniqueConstraint('users_site_email_unique', ['site_id', 'email']),
  );

  await h.tenantTable('sessions', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', h.timestamp, (c) => c.notNull())
      .addColumn('revoked_at', h.timestamp),
  );
  await h.index('sessions', ['site_id', 'user_id']);

  await h.tenantTable('login_attempts', (t) =>
    t
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', h.timestamp)
      .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('login_attempts_site_email_unique', ['site_id', 'email']),
  );

  await h.tenantTable('one_time_codes', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'varchar(30)', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', h.timestamp, (c) => c.notNull())
      .addColumn('used_at', h.timestamp),
  );
  await h.index('one_time_codes', ['site_id', 'user_id', 'purpose']);

  await h.tenantTable('news', (t) =>
    t
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('published_at', h.timestamp, (c) => c.notNull()),
  );
  await h.index('news', ['site_id', 'published_at']);

  await h.tenantTable('news_interactions', (t) =>
    t
      .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addUniqueConstraint('news_interactions_unique', ['site_id', 'news_id', 'user_id']),
  );

  await h.tenantTable('mail_outbox', (t) =>
    t
      .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
      .addColumn('subject', 'varchar(300)', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text')
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', h.timestamp, (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('sent_at', h.timestamp),
  );
  // The delivery worker serves every site from one queue, so this index leads with the queue state.
  await h.index('mail_outbox', ['status', 'next_attempt_at']);

  await h.tenantTable('contents', (t) =>
    t
      .addColumn('key', 'varchar(200)', (c) => c.notNull())
      .addColumn('locale', 'varchar(10)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addUniqueConstraint('contents_site_key_locale_unique', ['site_id', 'key', 'locale']),
  );

  await h.tenantTable('content_revisions', (t) =>
    t
      .addColumn('content_id', 'integer', (c) => c.notNull().references('contents.id').onDelete('cascade'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id')),
  );
  await h.index('content_revisions', ['site_id', 'content_id']);
}
