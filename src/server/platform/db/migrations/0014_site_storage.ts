import { type Kysely, sql } from 'kysely';
import { type MigrationHelpers, migrationHelpers } from './helpers';

/**
 * The bytes of media a site stores, counted against its plan (spec §1: Starter 500 MB, Professional 4 GB).
 * Triggers on `media_files` keep `sites.storage_bytes`, so every way a medium is written or deleted (a cascade
 * too) moves the count in the writer's own transaction, as `message_counters` is kept (0007).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h: MigrationHelpers = migrationHelpers(db);
  await db.schema
    .alterTable('sites')
    .addColumn('storage_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  const move = (row: 'NEW' | 'OLD', sign: '+' | '-') =>
    `UPDATE sites SET storage_bytes = storage_bytes ${sign} ${row}.size_bytes WHERE id = ${row}.site_id;`;
  if (h.postgres) {
    await sql
      .raw(`CREATE FUNCTION site_storage_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    ${move('OLD', '-')}
  END IF;
  IF TG_OP <> 'DELETE' THEN
    ${move('NEW', '+')}
  END IF;
  RETURN NULL;
END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER media_files_count_storage AFTER INSERT OR DELETE OR UPDATE OF size_bytes, site_id
        ON media_files FOR EACH ROW EXECUTE FUNCTION site_storage_follow()`)
      .execute(db);
  } else {
    const trigger = (name: string, event: string, body: string) =>
      sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON media_files BEGIN ${body} END`).execute(db);
    await trigger('media_files_storage_inserted', 'INSERT', move('NEW', '+'));
    await trigger('media_files_storage_deleted', 'DELETE', move('OLD', '-'));
    await trigger(
      'media_files_storage_updated',
      'UPDATE OF size_bytes, site_id',
      `${move('OLD', '-')} ${move('NEW', '+')}`,
    );
  }

  await sql
    .raw(`UPDATE sites SET storage_bytes = COALESCE(
      (SELECT SUM(size_bytes) FROM media_files WHERE media_files.site_id = sites.id), 0)`)
    .execute(db);
}
