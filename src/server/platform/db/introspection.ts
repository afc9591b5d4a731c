import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/** Kysely's own bookkeeping tables, left out unless asked for (as Kysely's introspectors do). */
const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

interface ColumnRow {
  table: string;
  schema: string;
  kind: string;
  column: string;
  data_type: string;
  nullable: boolean;
  has_default: boolean;
  auto_incrementing: boolean;
}

/**
 * Reads the tables of the connection's own schema only (the first of its search_path). Kysely's PostgreSQL
 * introspector reads every schema of the database and names each table to pg_get_serial_sequence, which fails with
 * "schema … does not exist" when another deployment's or test's schema is dropped meanwhile; the migrator asks it
 * before every migration. One schema is all a deployment owns, and all the migrator needs.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: introspection runs before and outside the typed schema
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, n.nspname as schema, c.relkind as kind, a.attname as column,
        format_type(a.atttypid, a.atttypmod) as data_type, not a.attnotnull as nullable, a.atthasdef as has_default,
        (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false)) as auto_incrementing
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v' || row.kind === 'm', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.data_type,
        isNullable: row.nullable,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL as Kysely speaks it, with introspection kept to the connection's own schema. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: as in Kysely's Dialect interface
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
