import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: table builders are untyped inside migrations
type Builder = CreateTableBuilder<string, any>;

/** The few column shapes that differ between SQLite and PostgreSQL, so migrations read the same for both. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped
export function migrationHelpers(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  /** A floating-point number: SQLite's REAL and PostgreSQL's double precision are both 8 bytes. */
  const double = postgres ? sql`double precision` : sql`real`;

  const withRowColumns = (t: Builder): Builder =>
    (postgres
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addColumn('updated_at', timestamp, (c) => c.notNull());

  return {
    postgres,
    timestamp,
    double,
    /** A platform-level table: id, created_at, updated_at, then the columns given. */
    table: (name: string, columns: (t: Builder) => Builder) =>
      columns(withRowColumns(db.schema.createTable(name))).execute(),
    /** A tenant-owned table: as `table`, plus site_id. */
    tenantTable: (name: string, columns: (t: Builder) => Builder) =>
      columns(
        withRowColumns(db.schema.createTable(name)).addColumn('site_id', 'integer', (c) =>
          c.notNull().references('sites.id').onDelete('cascade'),
        ),
      ).execute(),
    index: (table: string, columns: string[]) =>
      db.schema
        .createIndex(`${table}_${columns.join('_')}_idx`)
        .on(table)
        .columns(columns)
        .execute(),
  };
}

export type MigrationHelpers = ReturnType<typeof migrationHelpers>;
