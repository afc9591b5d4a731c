import { type Kysely, sql } from 'kysely';

/** As shared/domain/administration/companies.ts's `companyNameKey` was written at this migration (kept here, frozen). */
const companyNameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').normalize('NFC').toLowerCase();

/**
 * The companies of /admin/companies (modules/administration): the seats a company pays for (null: no limit), its
 * contact, organisation or VAT number and notes, and one company of a name per site whatever its case. The name's
 * comparable form is a column of its own (`name_key`, shared/domain/administration/companies.ts), made by the
 * application, because SQLite's lower() folds ASCII letters only. Names that already clash keep the first (lowest
 * id) as they are; the others get their id after them (`Acme (12)`), which an administrator can change.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const add = (column: string, type: 'integer' | 'text', notNull: boolean) =>
    db.schema
      .alterTable('companies')
      .addColumn(column, type, (c) => (notNull ? c.notNull().defaultTo('') : c))
      .execute();
  await add('seats', 'integer', false);
  for (const column of ['name_key', 'contact_name', 'contact_email', 'contact_phone', 'org_number', 'notes']) {
    await add(column, 'text', true);
  }
  const rows: { id: number; site_id: number; name: string }[] = await db
    .selectFrom('companies')
    .select(['id', 'site_id', 'name'])
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  for (const row of rows) {
    const trimmed = row.name.trim().replace(/\s+/g, ' ');
    let name = trimmed;
    for (let n = 0; taken.has(`${row.site_id}:${companyNameKey(name)}`); n++) {
      name = `${trimmed.slice(0, 180)} (${row.id}${n ? `-${n}` : ''})`;
    }
    taken.add(`${row.site_id}:${companyNameKey(name)}`);
    await db
      .updateTable('companies')
      .set({ name, name_key: companyNameKey(name) })
      .where('id', '=', row.id)
      .execute();
  }
  await sql`create unique index companies_site_name_key on companies (site_id, name_key)`.execute(db);
  // The users of a company (its user count, its page of users) without reading the site's every user. Partial, so
  // that it serves only queries that name a company: SQLite, without statistics, would otherwise walk it for
  // unfiltered pages of /users too, where reading the table through is faster.
  await sql`create index users_site_company_idx on users (site_id, company_id) where company_id is not null`.execute(
    db,
  );
}
