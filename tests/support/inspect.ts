import { sql } from 'kysely';
import type { Database } from '../../src/server/platform/db/schema';
import type { TestServer } from './server';

/** Every table of the schema (a table added to the schema but not here fails to compile), so a test can prove
 * that a refused request wrote nothing anywhere; `rows` for a table without `updated_at` (it is only appended to). */
const everyTable: Record<keyof Database, true | 'rows'> = {
  sites: true,
  site_hosts: true,
  site_trials: true,
  companies: true,
  users: true,
  sessions: true,
  sign_in_attempts: true,
  rate_limits: true,
  one_time_codes: true,
  news: true,
  news_interactions: true,
  mail_outbox: true,
  contents: true,
  content_revisions: true,
  server_secrets: true,
  media_files: true,
  courses: true,
  course_coaches: true,
  course_parts: true,
  course_blocks: true,
  part_revisions: true,
  course_access: true,
  course_progress: true,
  part_progress: true,
  xp_awards: true,
  achievements: true,
  user_achievements: true,
  certificates: true,
  block_results: true,
  resources: true,
  messages: true,
  message_counters: true,
  user_exams: true,
  tasks: true,
  registration_codes: true,
  registration_code_redemptions: true,
  user_history: true,
  view_as_log: true,
  eartraining_rounds: true,
  eartraining_answers: true,
  eartraining_settings: true,
  eartraining_xp_rules: true,
  products: true,
  product_courses: true,
  product_files: true,
  shop_settings: true,
  discount_codes: true,
  orders: true,
  payment_events: true,
  coaching_credits: true,
  coach_schedules: true,
  bookings: true,
  accounting_settings: true,
  accounts: true,
  fiscal_years: true,
  number_series: true,
  customers: true,
  invoices: true,
  invoice_lines: true,
  invoice_payments: true,
  vouchers: true,
  voucher_lines: 'rows',
  exchange_rates: 'rows',
  accounting_audit: true,
  settlements: true,
  settlement_lines: true,
  voucher_attachments: true,
  surveys: true,
  survey_questions: true,
  survey_responses: true,
  survey_participants: 'rows',
  activity_periods: 'rows',
  activity_counts: 'rows',
  session_counts: 'rows',
  xp_counts: 'rows',
  part_counts: 'rows',
  survey_answers: 'rows',
};
const tables = Object.keys(everyTable) as (keyof Database)[];

/**
 * The number of rows in every table (and the latest `updated_at`, so updates count too), read in one query: the
 * security suites take a snapshot around every refused call, and a round trip per table made them the suites' cost.
 */
export async function snapshotRows(server: TestServer): Promise<Record<string, string>> {
  const counts = tables.map((table) => {
    const latest = everyTable[table] === true ? sql`cast(max(updated_at) as text)` : sql`null`;
    return sql`select ${sql.lit(table)} as name, count(*) as count, ${latest} as latest from ${sql.table(table)}`;
  });
  const { rows } = await sql<{ name: string; count: number | string; latest: string | null }>`${sql.join(
    counts,
    sql` union all `,
  )}`.execute(server.db);
  return Object.fromEntries(rows.map((row) => [row.name, `${Number(row.count)} ${row.latest ?? '-'}`]));
}

/** The mails queued for an address, oldest first. */
export const mailsTo = (server: TestServer, to: string) =>
  server.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();

/** The first link in a mail's text. */
export function linkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in mail: ${text}`);
  return link;
}

/** The codes made for a user, newest first. */
export const codesOf = (server: TestServer, userId: number, purpose: 'verify_email' | 'reset_password') =>
  server.db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .execute();

/** Milliseconds between an ISO timestamp and now plus `expectedMs`; small when the timestamp is as expected. */
export const driftFrom = (iso: string, expectedMs: number) => Math.abs(Date.parse(iso) - (Date.now() + expectedMs));
