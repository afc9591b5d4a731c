import type { Generated, Insertable, Selectable } from 'kysely';
import type { BlockType, ProgressCriteria } from '../../../shared/domain/learning/course';

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
  /** Maintenance mode: the API answers administrators only, but for the calls `openInMaintenance` names. */
  maintenance: Generated<Flag>;
  /** The bytes of the site's media, kept by triggers on `media_files` (migration 0014). */
  storage_bytes: Generated<number>;
  /** The news item the top banner spotlights; null: the latest (migration 0020). */
  spotlight_news_id: number | null;
}

/** A host name that serves a site to requests without a `site` header (migration 0024). */
export interface SiteHostsTable extends Row {
  site_id: number;
  /** Lower case, no port; unique across sites. */
  host: string;
}

/** A self-service trial's verification link (migration 0024): single use, until `expires_at`. */
export interface SiteTrialsTable extends Row {
  email: string;
  code_hash: string;
  /** The language of the page she asked in: the mail's. */
  language: Generated<string>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** The site the link made, once used. */
  site_id: number | null;
}

export interface CompaniesTable extends Row {
  site_id: number;
  name: string;
  /** The name as it is unique in its site (`companyNameKey`: trimmed, lower case); migration 0022. */
  name_key: string;
  /** The users the company pays for; null: no limit (migration 0022). */
  seats: number | null;
  contact_name: Generated<string>;
  contact_email: Generated<string>;
  contact_phone: Generated<string>;
  /** An organisation or VAT number; '' when not given. */
  org_number: Generated<string>;
  notes: Generated<string>;
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
  /** When the user last polled her messages (presence); written at most every 30 s. */
  last_seen_at: Timestamp | null;
  /** Her chosen language (`en`, `sv`); null until she chooses, when the site's default applies. */
  language: string | null;
  /** An address she asked to change to; hers once its mailed link is opened (migration 0009). */
  pending_email: string | null;
  /** Locked by an administrator (migration 0021): signing in is refused until unlocked. */
  locked_at: Generated<Timestamp | null>;
  locked_by_user_id: Generated<number | null>;
}

export interface SessionsTable extends Row {
  site_id: number;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** A view-as session (migration 0023): the administrator who views the user through it; null for her own. */
  viewer_user_id: number | null;
}

/** Sign-in attempts per account and source; the source `*` is the account-wide ceiling (modules/identity/services/signIn.ts). */
export interface SignInAttemptsTable extends Row {
  site_id: number;
  email: string;
  source: string;
  failed_count: number;
  locked_until: Timestamp | null;
  lock_count: number;
  /** When this source last proved it is the owner's (a right password, a reset or a verification link). */
  proven_at: Timestamp | null;
}

/** A fixed-window counter: `taken` of a limit since `window_started_at` (platform/limits.ts). */
export interface RateLimitsTable extends Row {
  site_id: number;
  bucket: string;
  subject: string;
  window_started_at: Timestamp;
  taken: number;
}

export type CodePurpose = 'verify_email' | 'reset_password' | 'change_email';

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
  /** In the site's default language; the others in `translations` (migration 0020). */
  title: string;
  content: string;
  /** From this moment on, while `published` is 1; a draft (0) is seen by administrators only. */
  published_at: Timestamp;
  published: Generated<Flag>;
  /** `{"sv":{"title":…,"content":…}}`: the item in the site's other languages. */
  translations: Generated<string>;
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
  /** Its attachments as JSON, `MailAttachment[]` (migration 0033); null: none. */
  attachments: Generated<string | null>;
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
  /** The editor; null once her account is deleted. */
  user_id: number | null;
}

export interface ServerSecretsTable extends Row {
  name: string;
  value: string;
}

export type MediaKind = 'image' | 'video' | 'audio' | 'file' | 'avatar';

export interface MediaFilesTable extends Row {
  site_id: number;
  owner_user_id: number | null;
  kind: MediaKind;
  /** The file's name under `<DATA_DIR>/uploads/<site id>/`. */
  storage_name: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  /** A video's or audio's length in seconds, read from its file when stored; 0 for other media, and not known. */
  duration_seconds: Generated<number>;
}

export interface CoursesTable extends Row {
  site_id: number;
  name: string;
  description: string;
  category: string | null;
  published: Flag;
  sort_id: number;
  /** 1: a reward box on every page; 2: xp on progress (spec §4). */
  progress_event: number;
  xp_per_reward: number;
  certificate_enabled: Flag;
  /** Months a certificate stays valid; null when it never expires. */
  certificate_validity_months: number | null;
  /** Attempts a learner has per test of the course; null (or 0) when there is no limit. */
  test_attempts: number | null;
  /** Bumped by every authoring write; a save must name the version it was made on. */
  version: Generated<number>;
  /** Who made the current version, and when (null before the first authoring write). */
  version_user_id: number | null;
  version_at: Timestamp | null;
  /** The edit lock: its holder, since when, and when it lapses without an edit (spec §4). */
  locked_by_user_id: number | null;
  locked_at: Timestamp | null;
  lock_expires_at: Timestamp | null;
  /** Never published yet (a new course); with `published` 0 it reads as draft, else as unpublished. */
  draft: Generated<Flag>;
  archived_at: Generated<Timestamp | null>;
  /** The course's own footer coach text, shown instead of the default when `footer_use_custom_text` is set. */
  footer_coach_text: Generated<string>;
  footer_use_custom_text: Generated<Flag>;
  /** Minutes without an edit after which editing the course closes (spec §4). */
  edit_inactivity_minutes: Generated<number>;
  /** The language its parts and blocks are written in; the others are in their `translations` (`en` unless set). */
  default_language: Generated<string>;
  /** Its name and description in the other languages (`{"sv":{"name":…,"description":…}}`). */
  translations: Generated<string>;
}

export interface CourseCoachesTable extends Row {
  site_id: number;
  course_id: number;
  user_id: number;
  sort_id: number;
}

export interface CoursePartsTable extends Row {
  site_id: number;
  course_id: number;
  name: string;
  sort_id: number;
  published: Flag;
  publish_date: Timestamp | null;
  free: Flag;
  mentor_only: Flag;
  post_type: number;
  progress_criteria: ProgressCriteria;
  icon: string | null;
  video_length: number;
  /** JSON: the part's name in the course's other languages, `{"sv":{"name":"…"}}` (`{}`: none). */
  translations: Generated<string>;
}

export interface CourseBlocksTable extends Row {
  site_id: number;
  course_part_id: number;
  sort_id: number;
  block_type: BlockType;
  title: string;
  post_id: number | null;
  published: Flag;
  mentor_only: Flag;
  content: string;
  /**
   * JSON: the block in the course's other languages, `{"sv":{"title":"…","content":{…}}}`, `content` shaped as
   * `content` is (`{}`: none). See shared/domain/learning/translations.ts.
   */
  translations: Generated<string>;
}

/** One saved state of a part's content (its editor's save or a restore), newest kept (docs/decisions.md). */
export interface PartRevisionsTable extends Row {
  site_id: number;
  course_part_id: number;
  /** Who saved it; null once her account is deleted. */
  user_id: number | null;
  /** The course's version the save made. */
  version: number;
  /** JSON: the part's content as saved (`PartRevisionContent` of the authoring module). */
  content: string;
}

export type AccessSource = 'staff' | 'code' | 'purchase';

export interface CourseAccessTable extends Row {
  site_id: number;
  course_id: number;
  user_id: number;
  source: AccessSource;
  granted_by_user_id: number | null;
  expires_at: Timestamp | null;
}

export interface CourseProgressTable extends Row {
  site_id: number;
  course_id: number;
  user_id: number;
  progress_percent: number;
  /** Xp earned in this course; achievements of the course are reached by it. */
  xp: number;
  completed_at: Timestamp | null;
}

export interface PartProgressTable extends Row {
  site_id: number;
  course_id: number;
  course_part_id: number;
  user_id: number;
  video_play: Flag;
  completed_at: Timestamp | null;
  milestone_completed_at: Timestamp | null;
}

export type XpSource = 'reward' | 'progress';

export interface XpAwardsTable extends Row {
  site_id: number;
  user_id: number;
  course_id: number;
  course_part_id: number;
  source: XpSource;
  xp: number;
}

export interface AchievementsTable extends Row {
  site_id: number;
  course_id: number;
  title: string;
  description: string;
  required_xp: number;
}

export interface UserAchievementsTable extends Row {
  site_id: number;
  user_id: number;
  achievement_id: number;
}

export interface CertificatesTable extends Row {
  site_id: number;
  user_id: number;
  course_id: number;
  code: string;
  issued_at: Timestamp;
  expires_at: Timestamp | null;
}

export interface BlockResultsTable extends Row {
  site_id: number;
  user_id: number;
  course_block_id: number;
  /** JSON: the answer given to each question. */
  answers: string;
  score: number;
  max_score: number;
  passed: Flag;
  attempts: number;
}

export interface ResourcesTable extends Row {
  site_id: number;
  course_id: number | null;
  title: string;
  description: string;
  url: string | null;
  media_file_id: number | null;
  sort_id: number;
}

/** 'chat' between two users, 'system' from the platform (no sender), 'support' to the support inbox (no recipient). */
export type MessageKind = 'chat' | 'system' | 'support';

export interface MessagesTable extends Row {
  site_id: number;
  kind: MessageKind;
  /** Null for a system message. */
  from_user_id: number | null;
  /** Null for a message to the support inbox. */
  to_user_id: number | null;
  title: string;
  /** Sanitized HTML. */
  message: string;
  course_id: number | null;
  course_part_id: number | null;
  showed_at: Timestamp | null;
  replied_at: Timestamp | null;
  emailed_at: Timestamp | null;
  removed_by_sender: Flag;
  removed_by_recipient: Flag;
  /** The staff member who sent a system message (staff see it); null for other kinds. */
  sent_by_user_id: number | null;
}

/** How many messages to a recipient are not opened yet, kept by triggers on `messages` (migration 0007). */
export interface MessageCountersTable {
  site_id: number;
  /** The recipient's user id; -1 for the support inbox. */
  recipient_id: number;
  unopened: number;
  updated_at: Timestamp;
}

export type UserExamStatus = 'in_progress' | 'submitted' | 'completed';

export interface UserExamsTable extends Row {
  site_id: number;
  user_id: number;
  course_id: number;
  course_part_id: number;
  course_block_id: number;
  status: UserExamStatus;
  /** Sanitized HTML. */
  answer: string;
  review_comment: string | null;
  /** The latest review's score, 0 to 100, when the reviewer gave one (migration 0008). */
  review_score: number | null;
  submitted_at: Timestamp | null;
  reviewed_at: Timestamp | null;
  reviewed_by_user_id: number | null;
  submissions: number;
}

export interface TasksTable extends Row {
  site_id: number;
  task_type: number;
  /** The student the task is about. */
  user_id: number | null;
  course_id: number | null;
  course_part_id: number | null;
  user_exam_id: number | null;
  message_id: number | null;
  /** Plain text. */
  description: string;
  event_start_date: Timestamp | null;
  /** Null: nobody yet (the spec's owner -1). */
  owner_user_id: number | null;
  /** Sanitized HTML. */
  note: string;
  completed_at: Timestamp | null;
  completed_by_user_id: number | null;
  trashed_at: Timestamp | null;
}

/** A registration code (spec §4): access to `course_ids` for its redeemers; docs/decisions.md. */
export interface RegistrationCodesTable extends Row {
  site_id: number;
  /** Normalised: capitals of CODE_ALPHABET, no dashes (shared/domain/codes). */
  code: string;
  /** The codes generated together share it (a class's batch, exported as one CSV). */
  batch_key: string;
  note: string;
  /** JSON: the ids of the courses it gives access to. */
  course_ids: string;
  /** Days of access from the redemption; null with `access_until` null: access without end. */
  access_days: number | null;
  /** A fixed last moment of access, when `access_days` is null. */
  access_until: Timestamp | null;
  uses_total: number;
  uses_left: number;
  valid_from: Timestamp | null;
  valid_to: Timestamp | null;
  /** Deactivated by staff: the code is then inactive and redeems nothing. */
  deactivated_at: Timestamp | null;
  created_by_user_id: number | null;
}

/** Who redeemed a code, and when (`created_at`); one row per user and code. */
export interface RegistrationCodeRedemptionsTable extends Row {
  site_id: number;
  code_id: number;
  user_id: number;
}

/** Who changed what of a user through /user/:id, and when (`created_at`); migration 0021. */
export interface UserHistoryTable extends Row {
  site_id: number;
  user_id: number;
  /** Null once the actor's account is gone. */
  actor_user_id: number | null;
  action: string;
  /** JSON: what changed. */
  details: string;
}

/** One use of "view as this user" (modules/administration, migration 0023). */
export interface EarTrainingRoundsTable extends Row {
  site_id: number;
  user_id: number;
  exercise: string;
  round_key: string;
  questions: number;
  right_answers: number;
  xp: number;
  /** A round of a course's ear-training block (migration 0030): the block, and whether the round passed it. */
  course_block_id: number | null;
  passed: Flag | null;
}

export interface EarTrainingAnswersTable extends Row {
  site_id: number;
  user_id: number;
  round_id: number;
  exercise: string;
  interval: string;
  direction: string;
  chosen: string;
  correct: number;
  response_ms: number;
}

export interface EarTrainingSettingsTable extends Row {
  site_id: number;
  user_id: number;
  exercise: string;
  /** JSON of the contract's ExerciseSettings. */
  settings: string;
}

/** A site's xp rules of ear training (migration 0029); a site without a row has the defaults. */
export interface EarTrainingXpRulesTable extends Row {
  site_id: number;
  per_right_answer: number;
  round_max: number;
  daily_max: number;
}

/** A product of the shop (migration 0031): see shared/domain/commerce/products.ts. */
export interface ProductsTable extends Row {
  site_id: number;
  slug: string;
  kind: string;
  /** JSON `{ <language>: { name, description } }`, every language the product is written in. */
  texts: string;
  /** The consumer price in euro cents, VAT included. */
  price_cents: number;
  tax_category: string;
  /** Months a purchase gives access; null: for good. */
  access_months: number | null;
  /** A coaching package's sessions. */
  coaching_sessions: number | null;
  published: Generated<Flag>;
  student_benefit: Generated<Flag>;
  sort_order: Generated<number>;
  /** Sold in the external webshop instead of here: its address. */
  external_url: string | null;
  archived_at: Timestamp | null;
  /** The product's image, a medium of the site (migration 0034). */
  image_media_id: number | null;
}

/** A course a course or bundle product gives (migration 0031). */
export interface ProductCoursesTable extends Row {
  site_id: number;
  product_id: number;
  course_id: number;
  sort_order: Generated<number>;
}

/** A file a sample pack gives its buyers (migration 0034): a medium of the site, listed and downloaded as `name`. */
export interface ProductFilesTable extends Row {
  site_id: number;
  product_id: number;
  media_file_id: number;
  name: string;
  sort_order: Generated<number>;
}

/** A site's shop settings (migration 0032): the external webshop's address and Stripe's keys, when the site has its own. */
export interface ShopSettingsTable extends Row {
  site_id: number;
  webshop_url: string | null;
  stripe_secret_key: string | null;
  stripe_webhook_secret: string | null;
  /** Learners cancel or move a coaching booking until this many hours before it (migration 0033). */
  booking_cancel_hours: Generated<number>;
  /** How many weeks ahead coaching slots are shown and booked. */
  booking_weeks: Generated<number>;
}

/** A discount code of the shop (migration 0032): see shared/domain/commerce/orders.ts. */
export interface DiscountCodesTable extends Row {
  site_id: number;
  /** Upper case, unique in the site. */
  code: string;
  /** `percent` (amount 1–100) or `amount` (euro cents off). */
  kind: string;
  amount: number;
  /** Only for this product; null: any. */
  product_id: number | null;
  valid_from: Timestamp | null;
  valid_to: Timestamp | null;
  max_uses: number | null;
  /** Orders that took it and were not cancelled (a checkout holds one until it is paid or expires). */
  uses: Generated<number>;
  active: Generated<Flag>;
}

/** An order of the shop (migration 0032): see shared/domain/commerce/orders.ts for its states. */
export interface OrdersTable extends Row {
  site_id: number;
  /** The buyer; null once her account is gone (the order stays for the books). */
  user_id: number | null;
  product_id: number;
  /** The product's name when it was bought. */
  product_name: string;
  status: string;
  /** `card` (Stripe Checkout), `free` (a discount to nothing). */
  payment: string;
  list_price_cents: number;
  discount_code_id: number | null;
  discount_cents: Generated<number>;
  /** What the buyer pays, VAT included. */
  amount_cents: number;
  refunded_cents: Generated<number>;
  currency: string;
  tax_category: string;
  /** The product's access length and sessions when it was bought. */
  access_months: number | null;
  coaching_sessions: number | null;
  /** The buyer's language then: the receipt's. */
  language: string;
  stripe_session_id: string | null;
  stripe_payment_intent_id: string | null;
  /** Country evidence for VAT: the billing address's country and the card's (ISO 3166 alpha-2), and the address the order came from. */
  billing_country: string | null;
  card_country: string | null;
  ip_address: string;
  /** JSON of what fulfilment granted and what was there before (services/fulfilment.ts), for a refund to take back. */
  granted: string | null;
  /** Refunded, the buyer keeps what was granted (an administrator's choice). */
  keep_access: Generated<Flag>;
  paid_at: Timestamp | null;
  refunded_at: Timestamp | null;
  cancelled_at: Timestamp | null;
}

/** A payment provider's event handled (migration 0032): each event id once per site. */
export interface PaymentEventsTable extends Row {
  site_id: number;
  event_id: string;
  type: string;
  order_id: number | null;
}

/** A change of a learner's coaching credits (migration 0032): bought (+), booked (−), returned, taken back. */
export interface CoachingCreditsTable extends Row {
  site_id: number;
  user_id: number;
  change: number;
  order_id: number | null;
  reason: string;
  /** The booking a line spent a credit on or gave one back for (migration 0033). */
  booking_id: Generated<number | null>;
}

/**
 * A coach's availability (migration 0033): his time zone, a session's length and the buffer after it, and his
 * weekly windows and exceptions as JSON (`shared/domain/commerce/booking/rules.ts`).
 */
export interface CoachSchedulesTable extends Row {
  site_id: number;
  user_id: number;
  time_zone: string;
  session_minutes: number;
  buffer_minutes: number;
  active: Flag;
  weekly: string;
  exceptions: string;
}

/** A coaching session booked (migration 0033); one `booked` per coach and start. */
export interface BookingsTable extends Row {
  site_id: number;
  coach_id: number | null;
  learner_id: number | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  status: 'booked' | 'cancelled';
  time_zone: string;
  sequence: Generated<number>;
  paid_with_credit: Flag;
  booked_by_user_id: number | null;
  cancelled_at: Timestamp | null;
  cancelled_by_user_id: number | null;
  reminder_sent_at: Timestamp | null;
}

export interface ViewAsLogTable extends Row {
  site_id: number;
  /** The student viewed. */
  user_id: number;
  /** The administrator; null once her account is gone. */
  viewer_user_id: number | null;
  /** The view-as session (`sessions.id`). */
  session_id: number | null;
  reason: string;
  started_at: Timestamp;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  /** `ended` (the end call), `signed_out` (the administrator signed out), `revoked` (her sessions were ended); null: open, or expired when `expires_at` has passed. */
  ended_how: string | null;
}

/** The seller's details on its invoices and the books' choices, per site (migration 0035). */
export interface AccountingSettingsTable extends Row {
  site_id: number;
  company_name: string;
  org_number: string;
  vat_number: string;
  /** Lines of the postal address, newline-separated. */
  address: string;
  email: string;
  /** Where customers pay an invoice (bankgiro, IBAN): printed on it. */
  bank_account: string;
  payment_terms_days: number;
  /** Below the EU's €10,000 threshold the site may charge Swedish VAT to EU consumers instead of OSS. */
  swedish_vat_below_threshold: Flag;
  /** SEK per EUR × 10,000 for a day before any imported rate. */
  default_rate_e4: number;
}

/** An account of the chart (BAS numbering): its class is the first digit (migration 0035). */
export interface AccountsTable extends Row {
  site_id: number;
  number: number;
  name: string;
  active: Generated<Flag>;
}

/** A fiscal year, YYYY-MM-DD to YYYY-MM-DD; nothing is posted on or before `locked_through` (migration 0035). */
export interface FiscalYearsTable extends Row {
  site_id: number;
  start_date: string;
  end_date: string;
  locked_through: string | null;
}

/** The next number of a gapless series (invoices; vouchers per year and series), taken inside the posting's transaction. */
export interface NumberSeriesTable extends Row {
  site_id: number;
  key: string;
  next: number;
}

/** Who buys: a consumer (a user) or a company (migration 0035). */
export interface CustomersTable extends Row {
  site_id: number;
  kind: string;
  user_id: number | null;
  company_id: number | null;
  name: string;
  address: string;
  /** ISO 3166 alpha-2. */
  country: string;
  vat_number: string | null;
  org_number: string | null;
  email: string;
  language: string;
}

/** An invoice or credit note; see shared/domain/accounting/invoices.ts for its states (migration 0035). */
export interface InvoicesTable extends Row {
  site_id: number;
  kind: string;
  /** From the gapless series when it is finalised; null while a draft. */
  number: number | null;
  status: string;
  /** `card` (paid at checkout) or `invoice` (to be paid by bank transfer). */
  payment: string;
  customer_id: number;
  order_id: number | null;
  credits_invoice_id: number | null;
  issue_date: string | null;
  due_date: string | null;
  language: string;
  currency: string;
  /** JSON snapshots of the parties as the invoice names them. */
  buyer: string;
  seller: string;
  treatment: string;
  vat_country: string;
  net_cents: number;
  vat_cents: number;
  total_cents: number;
  paid_cents: Generated<number>;
  /** SEK per EUR × 10,000 on the issue date: the rate its voucher was booked at. */
  rate_e4: number;
  paid_at: Timestamp | null;
  reminded_at: Timestamp | null;
}

export interface InvoiceLinesTable extends Row {
  site_id: number;
  invoice_id: number;
  position: number;
  description: string;
  quantity: number;
  /** Net of VAT. */
  unit_cents: number;
  rate_bp: number;
  net_cents: number;
  vat_cents: number;
  tax_category: string;
}

export interface InvoicePaymentsTable extends Row {
  site_id: number;
  invoice_id: number;
  date: string;
  amount_cents: number;
  method: string;
  reference: string;
}

/** A voucher (verifikation): never changed; a correction is a new one (migration 0035). */
export interface VouchersTable extends Row {
  site_id: number;
  fiscal_year_id: number;
  series: string;
  number: number;
  date: string;
  text: string;
  /** What it books: invoice, credit_note, payment, refund, fee, payout, manual. */
  source_kind: string;
  source_id: number | null;
  corrects_voucher_id: number | null;
  created_by_user_id: number | null;
}

/** A line of a voucher: debit positive, credit negative, in SEK öre. */
export interface VoucherLinesTable {
  id: Generated<number>;
  site_id: number;
  voucher_id: number;
  date: string;
  account: number;
  amount_ore: number;
  /** The line's amount in the sale's currency (euro cents, same sign), where it has one. */
  currency_cents: number | null;
  /** For VAT lines: the country whose VAT it is. */
  vat_country: string | null;
  text: string;
}

/** SEK per unit of a currency on a day, × 10,000 (migration 0035): shared by every site. */
export interface ExchangeRatesTable {
  currency: string;
  date: string;
  rate_e4: number;
}

/** The audit trail of the books (behandlingshistorik): appended, never changed. */
export interface AccountingAuditTable extends Row {
  site_id: number;
  user_id: number | null;
  action: string;
  subject: string;
  detail: string;
}

/** A payment provider's settlement: a Stripe payout or a PayPal settlement report (migration 0036). */
export interface SettlementsTable extends Row {
  site_id: number;
  /** stripe or paypal. */
  provider: string;
  /** The provider's id of it: a payout's id, or the report's account and day. */
  reference: string;
  date: string;
  currency: string;
  /** What reached the account it settles into (the bank for a payout), euro cents; negative when it took money. */
  amount_cents: number;
  /** The provider's fees in it, euro cents. */
  fee_cents: number;
  /** unmatched (lines wait for a person) or booked. */
  status: string;
  voucher_id: number | null;
}

/** A line of a settlement: a sale, refund, dispute, fee, transfer or other movement (migration 0036). */
export interface SettlementLinesTable extends Row {
  site_id: number;
  settlement_id: number;
  position: number;
  /** charge, refund, dispute, dispute_reversal, fee, transfer or other. */
  kind: string;
  /** The provider's id of the movement. */
  reference: string;
  date: string;
  /** Gross, euro cents: positive what the provider took in for us, negative what it paid out. */
  amount_cents: number;
  /** The provider's fee on it, euro cents: positive a fee charged, negative one given back. */
  fee_cents: number;
  /** The shop's order the provider names, where it names one. */
  order_id: number | null;
  /** The invoice number the provider names (a PayPal invoice id), where it names one. */
  invoice_number: number | null;
  /** The invoice it is matched to. */
  invoice_id: number | null;
  /** The account a person resolved it to, instead of an invoice. */
  account: number | null;
  text: string;
}

/** A file that documents a voucher (a receipt), kept as it came (migration 0036). */
export interface VoucherAttachmentsTable extends Row {
  site_id: number;
  voucher_id: number;
  media_file_id: number;
  name: string;
  created_by_user_id: number | null;
}

/** A survey (migration 0037): `texts` is JSON, per language `{ Title, Intro }`. */
export interface SurveysTable extends Row {
  site_id: number;
  texts: string;
  /** draft, open or closed. */
  status: string;
  anonymous: Flag;
  /** all, course or company; `audience_id` the course or company. */
  audience: string;
  audience_id: number | null;
  opens_at: string | null;
  closes_at: string | null;
  allow_change: Flag;
  /** A course whose learners are asked once they complete it. */
  after_course_id: number | null;
  created_by_user_id: number | null;
}

/** A question of a survey: `texts` is JSON, per language `{ Text, Options, Low, High }` (migration 0037). */
export interface SurveyQuestionsTable extends Row {
  site_id: number;
  survey_id: number;
  position: number;
  kind: string;
  required: Flag;
  texts: string;
  option_count: number;
  scale_min: number;
  scale_max: number;
}

/** A response to a survey; an anonymous survey's names no user nor company, and its times are its day's. */
export interface SurveyResponsesTable extends Row {
  site_id: number;
  survey_id: number;
  user_id: number | null;
  course_id: number | null;
  company_id: number | null;
  submitted_on: string;
}

/** That a user has answered a survey: kept apart from what she answered (no id, no time). */
export interface SurveyParticipantsTable {
  survey_id: number;
  user_id: number;
  site_id: number;
}

/**
 * A period a learner was active in (migration 0038): `d` and the day, `w` and its week's Monday, or `m` and the
 * month (`d2026-11-29`, `w2026-11-23`, `m2026-11`).
 */
export interface ActivityPeriodsTable {
  site_id: number;
  period: string;
  user_id: number;
}

/**
 * Counts of a whole school kept by triggers as their source rows are written (migration 0040): learners active per
 * period, sessions begun per UTC day, xp per UTC day and course, learners who reached each part.
 */
export interface ActivityCountsTable {
  site_id: number;
  period: string;
  learners: number;
}

export interface SessionCountsTable {
  site_id: number;
  day: string;
  sessions: number;
}

export interface XpCountsTable {
  site_id: number;
  day: string;
  course_id: number;
  xp: number;
}

export interface PartCountsTable {
  site_id: number;
  course_id: number;
  course_part_id: number;
  learners: number;
}

/** An answer of a response: the field its question's kind takes (`choices` JSON). */
export interface SurveyAnswersTable {
  id: Generated<number>;
  site_id: number;
  response_id: number;
  question_id: number;
  choice: number | null;
  choices: string | null;
  value: number | null;
  text: string | null;
}

export interface Database {
  sites: SitesTable;
  site_hosts: SiteHostsTable;
  site_trials: SiteTrialsTable;
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  rate_limits: RateLimitsTable;
  one_time_codes: OneTimeCodesTable;
  news: NewsTable;
  news_interactions: NewsInteractionsTable;
  mail_outbox: MailOutboxTable;
  contents: ContentsTable;
  content_revisions: ContentRevisionsTable;
  server_secrets: ServerSecretsTable;
  media_files: MediaFilesTable;
  courses: CoursesTable;
  course_coaches: CourseCoachesTable;
  course_parts: CoursePartsTable;
  course_blocks: CourseBlocksTable;
  part_revisions: PartRevisionsTable;
  course_access: CourseAccessTable;
  course_progress: CourseProgressTable;
  part_progress: PartProgressTable;
  xp_awards: XpAwardsTable;
  achievements: AchievementsTable;
  user_achievements: UserAchievementsTable;
  certificates: CertificatesTable;
  block_results: BlockResultsTable;
  resources: ResourcesTable;
  messages: MessagesTable;
  message_counters: MessageCountersTable;
  user_exams: UserExamsTable;
  tasks: TasksTable;
  registration_codes: RegistrationCodesTable;
  registration_code_redemptions: RegistrationCodeRedemptionsTable;
  user_history: UserHistoryTable;
  view_as_log: ViewAsLogTable;
  eartraining_rounds: EarTrainingRoundsTable;
  eartraining_answers: EarTrainingAnswersTable;
  eartraining_settings: EarTrainingSettingsTable;
  eartraining_xp_rules: EarTrainingXpRulesTable;
  products: ProductsTable;
  product_courses: ProductCoursesTable;
  product_files: ProductFilesTable;
  shop_settings: ShopSettingsTable;
  discount_codes: DiscountCodesTable;
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  coaching_credits: CoachingCreditsTable;
  coach_schedules: CoachSchedulesTable;
  bookings: BookingsTable;
  accounting_settings: AccountingSettingsTable;
  accounts: AccountsTable;
  fiscal_years: FiscalYearsTable;
  number_series: NumberSeriesTable;
  customers: CustomersTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_payments: InvoicePaymentsTable;
  vouchers: VouchersTable;
  voucher_lines: VoucherLinesTable;
  exchange_rates: ExchangeRatesTable;
  accounting_audit: AccountingAuditTable;
  settlements: SettlementsTable;
  settlement_lines: SettlementLinesTable;
  voucher_attachments: VoucherAttachmentsTable;
  surveys: SurveysTable;
  survey_questions: SurveyQuestionsTable;
  survey_responses: SurveyResponsesTable;
  survey_participants: SurveyParticipantsTable;
  survey_answers: SurveyAnswersTable;
  activity_periods: ActivityPeriodsTable;
  activity_counts: ActivityCountsTable;
  session_counts: SessionCountsTable;
  xp_counts: XpCountsTable;
  part_counts: PartCountsTable;
}

export type UserRow = Selectable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;

/**
 * The columns of the user a session names, as every call sees her (`ctx.user`): her row without the password hash
 * and the times no call reads. The session lookup behind every request selects only these.
 */
export const sessionUserColumns = [
  'id',
  'site_id',
  'email',
  'first_name',
  'last_name',
  'user_type',
  'privilegies',
  'user_file_id',
  'total_xp',
  'collect_xp',
  'company_id',
  'last_seen_at',
  'language',
] as const satisfies readonly (keyof UserRow)[];

export type SessionUser = Pick<UserRow, (typeof sessionUserColumns)[number]> & {
  /**
   * A view-as session (docs/decisions.md, "View as this user"): the administrator who views her through it, read
   * only. Absent or null for her own sessions.
   */
  viewer_id?: number | null;
};
export type SiteRow = Selectable<SitesTable>;
export type NewsRow = Selectable<NewsTable>;
export type NewUser = Insertable<UsersTable>;
export type CourseRow = Selectable<CoursesTable>;
export type CoursePartRow = Selectable<CoursePartsTable>;
export type CourseBlockRow = Selectable<CourseBlocksTable>;
export type MediaFileRow = Selectable<MediaFilesTable>;
export type MessageRow = Selectable<MessagesTable>;
export type UserExamRow = Selectable<UserExamsTable>;
export type TaskRow = Selectable<TasksTable>;
