import type { Generated, Insertable, Selectable } from 'kysely';

/** Timestamps travel as ISO 8601 strings in UTC on both dialects (see db/index.ts). */
type Timestamp = string;
/** 0 or 1: both dialects store flags as integers. */
type Flag = number;

interface Row {
  id: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SitesTable extends Row {
  name: string;
  title: string;
  plan: string;
  registration_enabled: Flag;
  trial_ends_at: Timestamp | null;
}

export interface CompaniesTable extends Row {
  site_id: number;
  name: string;
}

export interface UsersTable extends Row {
  site_id: number;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  user_type: number;
  privilegies: number;
  user_file_id: number | null;
  total_xp: number;
  collect_xp: Flag;
  company_id: number | null;
  email_verified_at: Timestamp | null;
}

export interface SessionsTable extends Row {
  site_id: number;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface LoginAttemptsTable extends Row {
  site_id: number;
  email: string;
  failed_count: number;
  locked_until: Timestamp | null;
  lock_count: number;
}

export type CodePurpose = 'verify_email' | 'reset_password';

export interface OneTimeCodesTable extends Row {
  site_id: number;
  user_id: number;
  purpose: CodePurpose;
  code_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface NewsTable extends Row {
  site_id: number;
  title: string;
  content: string;
  published_at: Timestamp;
}

export interface NewsInteractionsTable extends Row {
  site_id: number;
  news_id: number;
  user_id: number;
}

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface MailOutboxTable extends Row {
  site_id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: MailStatus;
  attempts: number;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Timestamp | null;
}

export interface ContentsTable extends Row {
  site_id: number;
  key: string;
  locale: string;
  content: string;
}

export interface ContentRevisionsTable extends Row {
  site_id: number;
  content_id: number;
  content: string;
  user_id: number;
}

export interface Database {
  sites: SitesTable;
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  one_time_codes: OneTimeCodesTable;
  news: NewsTable;
  news_interactions: NewsInteractionsTable;
  mail_outbox: MailOutboxTable;
  contents: ContentsTable;
  content_revisions: ContentRevisionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type SiteRow = Selectable<SitesTable>;
export type NewsRow = Selectable<NewsTable>;
export type NewUser = Insertable<UsersTable>;
