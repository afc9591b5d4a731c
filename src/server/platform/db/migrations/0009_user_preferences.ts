import { type Kysely, sql } from 'kysely';
import { type MigrationHelpers, migrationHelpers } from './helpers';

/**
 * What a user chooses for herself: her language (null: not chosen, the site's default applies), and an address she
 * asked to change to, which becomes hers when its link is opened. A page text's revision no longer needs its editor
 * to exist: a deleted account leaves the site's text history, without her name on it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h: MigrationHelpers = migrationHelpers(db);
  await db.schema.alterTable('users').addColumn('language', 'varchar(10)').execute();
  await db.schema.alterTable('users').addColumn('pending_email', 'varchar(254)').execute();

  if (h.postgres) {
    await sql`alter table content_revisions drop constraint content_revisions_user_id_fkey`.execute(db);
    await sql`alter table content_revisions alter column user_id drop not null`.execute(db);
    await sql`alter table content_revisions add constraint content_revisions_user_id_fkey
      foreign key (user_id) references users(id) on delete set null`.execute(db);
    return;
  }
  // SQLite cannot change a column's constraints: the table is made again with the new ones and its rows copied.
  await h.tenantTable('content_revisions_new', (t) =>
    t
      .addColumn('content_id', 'integer', (c) => c.notNull().references('contents.id').onDelete('cascade'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
  );
  await sql`insert into content_revisions_new (id, created_at, updated_at, site_id, content_id, content, user_id)
    select id, created_at, updated_at, site_id, content_id, content, user_id from content_revisions`.execute(db);
  await db.schema.dropTable('content_revisions').execute();
  await sql`alter table content_revisions_new rename to content_revisions`.execute(db);
  await h.index('content_revisions', ['site_id', 'content_id']);
}
