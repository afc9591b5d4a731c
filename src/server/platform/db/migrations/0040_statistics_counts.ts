import { type Kysely, sql } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * Counts the statistics read for a whole school, kept as their rows are written (docs/performance.md, "Statistics at
 * 10,000 learners"): a year of a school of 10,000 learners is 800,000 days of activity, 530,000 sign-ins, a million
 * xp awards and 650,000 parts reached in its largest course, and no query reads that many rows within the views'
 * 200 ms (100 ms for the funnel). Triggers keep each count in the writer's own transaction, however a row is
 * written or deleted (a cascade too), as `message_counters` are kept (migration 0007):
 * - `activity_counts`: the rows of `activity_periods` per period (the learners active in it);
 * - `session_counts`: the sessions begun per UTC day, view-as sessions left out (staff's are in; the learners'
 *   view subtracts the few it leaves out);
 * - `xp_counts`: the xp awarded per UTC day and course;
 * - `part_counts`: the rows of `part_progress` per part (the learners who reached it).
 * A count that falls to zero keeps its row. Views narrowed to a company or a cohort count the rows themselves.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  const site = (t: ReturnType<typeof db.schema.createTable>) =>
    t.addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'));
  await site(db.schema.createTable('activity_counts'))
    .addColumn('period', 'varchar(11)', (c) => c.notNull())
    .addColumn('learners', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_counts_pk', ['site_id', 'period'])
    .execute();
  await site(db.schema.createTable('session_counts'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('sessions', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_counts_pk', ['site_id', 'day'])
    .execute();
  await site(db.schema.createTable('xp_counts'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('xp', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('xp_counts_pk', ['site_id', 'day', 'course_id'])
    .execute();
  await site(db.schema.createTable('part_counts'))
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('course_part_id', 'integer', (c) => c.notNull())
    .addColumn('learners', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('part_counts_pk', ['site_id', 'course_id', 'course_part_id'])
    .execute();

  /** The UTC day of a timestamp column of a row (`NEW.created_at`), as the statistics name days. */
  const day = (column: string) =>
    h.postgres ? `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : `substr(${column}, 1, 10)`;

  /**
   * A count kept from a source table: the key columns of the count and what each source row gives them, the amount
   * a row adds, which rows count, and the source columns whose change moves a row from one count to another.
   */
  interface Kept {
    name: string;
    source: string;
    count: string;
    column: string;
    keys: Record<string, (row: 'NEW' | 'OLD') => string>;
    amount: (row: 'NEW' | 'OLD') => string;
    counts?: (row: 'NEW' | 'OLD') => string;
    moves: string[];
  }
  const kept: Kept[] = [
    {
      name: 'activity',
      source: 'activity_periods',
      count: 'activity_counts',
      column: 'learners',
      keys: { site_id: (r) => `${r}.site_id`, period: (r) => `${r}.period` },
      amount: () => '1',
      moves: ['site_id', 'period'],
    },
    {
      name: 'sessions',
      source: 'sessions',
      count: 'session_counts',
      column: 'sessions',
      keys: { site_id: (r) => `${r}.site_id`, day: (r) => day(`${r}.created_at`) },
      amount: () => '1',
      counts: (r) => `${r}.viewer_user_id IS NULL`,
      moves: ['site_id', 'created_at', 'viewer_user_id'],
    },
    {
      name: 'xp',
      source: 'xp_awards',
      count: 'xp_counts',
      column: 'xp',
      keys: {
        site_id: (r) => `${r}.site_id`,
        day: (r) => day(`${r}.created_at`),
        course_id: (r) => `${r}.course_id`,
      },
      amount: (r) => `${r}.xp`,
      moves: ['site_id', 'created_at', 'course_id', 'xp'],
    },
    {
      name: 'parts',
      source: 'part_progress',
      count: 'part_counts',
      column: 'learners',
      keys: {
        site_id: (r) => `${r}.site_id`,
        course_id: (r) => `${r}.course_id`,
        course_part_id: (r) => `${r}.course_part_id`,
      },
      amount: () => '1',
      moves: ['site_id', 'course_id', 'course_part_id'],
    },
  ];

  for (const k of kept) {
    const keys = Object.keys(k.keys);
    const add = `INSERT INTO ${k.count} (${keys.join(', ')}, ${k.column})
      VALUES (${keys.map((key) => k.keys[key]?.('NEW')).join(', ')}, ${k.amount('NEW')})
      ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${k.column} = ${k.count}.${k.column} + excluded.${k.column};`;
    const take = `UPDATE ${k.count} SET ${k.column} = ${k.column} - ${k.amount('OLD')}
      WHERE ${keys.map((key) => `${key} = ${k.keys[key]?.('OLD')}`).join(' AND ')};`;
    const counts = (row: 'NEW' | 'OLD') => k.counts?.(row) ?? 'TRUE';
    if (h.postgres) {
      // Inserts and deletes once per statement, from its transition table: a row trigger updated the same count row
      // once per row, and deleting a course's 23,000 parts reached took 1.5 s instead of 0.1 s. A change of a row's
      // key (rare) once per row: PostgreSQL gives no transition tables to a trigger on some columns only.
      const grouped = (rows: string) =>
        `SELECT ${keys.map((key) => `${k.keys[key]?.('NEW').replaceAll('NEW.', `${rows}.`)} AS ${key}`).join(', ')},
          SUM(${k.amount('NEW').replaceAll('NEW.', `${rows}.`)}) AS amount
        FROM ${rows} ${k.counts ? `WHERE ${counts('NEW').replaceAll('NEW.', `${rows}.`)}` : ''}
        GROUP BY ${keys.map((key) => k.keys[key]?.('NEW').replaceAll('NEW.', `${rows}.`)).join(', ')}`;
      await sql
        .raw(`CREATE FUNCTION statistics_count_${k.name}_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ${k.count} (${keys.join(', ')}, ${k.column})
    SELECT ${keys.join(', ')}, amount FROM (${grouped('added')}) AS g
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${k.column} = ${k.count}.${k.column} + excluded.${k.column};
  RETURN NULL;
END $$`)
        .execute(db);
      await sql
        .raw(`CREATE FUNCTION statistics_count_${k.name}_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ${k.count} AS c SET ${k.column} = c.${k.column} - g.amount FROM (${grouped('removed')}) AS g
    WHERE ${keys.map((key) => `c.${key} = g.${key}`).join(' AND ')};
  RETURN NULL;
END $$`)
        .execute(db);
      await sql
        .raw(`CREATE FUNCTION statistics_count_${k.name}_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF ${counts('OLD')} THEN
    ${take}
  END IF;
  IF ${counts('NEW')} THEN
    ${add}
  END IF;
  RETURN NULL;
END $$`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${k.source}_count_added AFTER INSERT ON ${k.source} REFERENCING NEW TABLE AS added
          FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_${k.name}_added()`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${k.source}_count_removed AFTER DELETE ON ${k.source} REFERENCING OLD TABLE AS removed
          FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_${k.name}_removed()`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${k.source}_count_moved AFTER UPDATE OF ${k.moves.join(', ')} ON ${k.source}
          FOR EACH ROW EXECUTE FUNCTION statistics_count_${k.name}_moved()`)
        .execute(db);
    } else {
      const trigger = (name: string, event: string, row: 'NEW' | 'OLD', body: string) =>
        sql
          .raw(`CREATE TRIGGER ${k.source}_${name} AFTER ${event} ON ${k.source}
            ${k.counts ? `WHEN ${counts(row)}` : ''} BEGIN ${body} END`)
          .execute(db);
      await trigger('count_inserted', 'INSERT', 'NEW', add);
      await trigger('count_deleted', 'DELETE', 'OLD', take);
      // An update takes the row off the count it was in, then adds it to the one it is in now.
      await trigger('uncount_updated', `UPDATE OF ${k.moves.join(', ')}`, 'OLD', take);
      await trigger('count_updated', `UPDATE OF ${k.moves.join(', ')}`, 'NEW', add);
    }
    const from = (key: string) => k.keys[key]?.('NEW').replaceAll('NEW.', '') as string;
    await sql
      .raw(`INSERT INTO ${k.count} (${keys.join(', ')}, ${k.column})
        SELECT ${keys.map(from).join(', ')}, SUM(${k.amount('NEW').replaceAll('NEW.', '')})
        FROM ${k.source} ${k.counts ? `WHERE ${counts('NEW').replaceAll('NEW.', '')}` : ''}
        GROUP BY ${keys.map(from).join(', ')}`)
      .execute(db);
  }
}
