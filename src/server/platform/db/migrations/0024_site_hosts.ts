import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * The host names of each site (`npm run site -- add-host`, and the address a self-service trial gets): a request
 * without a `site` header is served the site of its Host. A host is stored in lower case without a port and
 * belongs to one site at most (the unique index).
 *
 * Self-service trials (the home page's "Start your free trial"): one row per verification link mailed, with the
 * hash of its single-use code, the address it went to and, once used, the site it made.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await h.tenantTable('site_hosts', (t) => t.addColumn('host', 'text', (c) => c.notNull()));
  await db.schema.createIndex('site_hosts_host').on('site_hosts').column('host').unique().execute();
  await h.index('site_hosts', ['site_id']);
  await h.table('site_trials', (t) =>
    t
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('expires_at', h.timestamp, (c) => c.notNull())
      .addColumn('used_at', h.timestamp)
      .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('set null')),
  );
  await db.schema.createIndex('site_trials_code_hash').on('site_trials').column('code_hash').unique().execute();
  await h.index('site_trials', ['email']);
}
