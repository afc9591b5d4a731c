import type { ExpressionBuilder } from 'kysely';
import { SYSTEM_USER_ID } from '../../../../shared/contract/coaching/messages';
import {
  DUPLICATE_EMAIL_MS,
  DUPLICATE_MESSAGE_MS,
  isAway,
  isOnline,
} from '../../../../shared/domain/coaching/messages';
import { TaskType } from '../../../../shared/domain/coaching/tasks';
import { recipientLanguage } from '../../../../shared/domain/language';
import { authorize } from '../../../platform/authorize';
import type { Config } from '../../../platform/config';
import { type Db, lockedForUpdate, now, timestampExpression } from '../../../platform/db';
import type { Database, MessageKind, SessionUser, SiteRow, UserRow } from '../../../platform/db/schema';
import { AppError, invalidFields } from '../../../platform/errors';
import { htmlToText, isBlankHtml, sanitizeRichText } from '../../../platform/lib/sanitize';
import { requireMessageMailAllowance } from '../../../platform/limits';
import type { Mailer } from '../../../platform/mail/outbox';
import type { MailText } from '../../../platform/mail/templates';
import { courseRefs, loadCourseForViewer } from '../../learning';
import { messageMails } from '../mails';
import { messageActions } from '../policies/message';
import { insertTask } from './tasks';

/**
 * Writing messages: chat and system messages, mails of them, and tech support. Each send runs in one transaction
 * that first locks the sender's row, so the duplicate checks (an identical message within 5 s, the same mail
 * within 10 s) hold when double clicks or retries reach several processes at once.
 */

export interface SendDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  site: SiteRow;
}

type Recipient = Pick<
  UserRow,
  'id' | 'email' | 'first_name' | 'user_type' | 'privilegies' | 'last_seen_at' | 'language'
>;

const recipientColumns = ['id', 'email', 'first_name', 'user_type', 'privilegies', 'last_seen_at', 'language'] as const;

const secondsAgo = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Messages of the same sender (null: the system) to the same recipient, kind, title and text. */
const sameMessage =
  (m: { kind: MessageKind; from: number | null; to: number | null; title: string; message: string }) =>
  (eb: ExpressionBuilder<Database, 'messages'>) =>
    eb.and([
      eb('messages.kind', '=', m.kind),
      m.from === null ? eb('messages.from_user_id', 'is', null) : eb('messages.from_user_id', '=', m.from),
      m.to === null ? eb('messages.to_user_id', 'is', null) : eb('messages.to_user_id', '=', m.to),
      eb('messages.title', '=', m.title),
      eb('messages.message', '=', m.message),
    ]);

/** Locks the sender's row for the rest of the transaction: her sends run one after the other. */
const lockSender = (trx: Db, siteId: number, senderId: number) =>
  lockedForUpdate(
    trx,
    trx.selectFrom('users').select('id').where('site_id', '=', siteId).where('id', '=', senderId),
  ).executeTakeFirstOrThrow();

function cleanMessage(html: string): string {
  const message = sanitizeRichText(html, 'learner');
  if (isBlankHtml(message)) throw new AppError('EMPTY_MESSAGE', 'The message is empty');
  return message;
}

/**
 * Mails a message to its recipient unless the same message went out by mail within 10 s; answers whether it did.
 * Runs inside the sender's locked transaction, so two racing requests mail once.
 */
async function mailUnlessRecent(
  trx: Db,
  deps: SendDeps,
  m: { id: number; kind: MessageKind; from: number | null; title: string; message: string },
  recipient: Recipient,
  senderName: string,
): Promise<boolean> {
  const recent = await trx
    .selectFrom('messages')
    .select('id')
    .where('site_id', '=', deps.site.id)
    .where(sameMessage({ ...m, to: recipient.id }))
    .where('emailed_at', '>', secondsAgo(DUPLICATE_EMAIL_MS))
    .limit(1)
    .executeTakeFirst();
  if (recent) return false;
  if (m.from !== null) await requireMessageMailAllowance(trx, { siteId: deps.site.id, senderId: m.from });
  const at = now();
  await trx
    .updateTable('messages')
    .set({ emailed_at: at, updated_at: at })
    .where('site_id', '=', deps.site.id)
    .where('id', '=', m.id)
    .execute();
  // The recipient's language, not the sender's: she reads the mail.
  const mail = messageMails.message(recipientLanguage(recipient.language), {
    recipientName: recipient.first_name,
    senderName,
    title: m.title,
    text: htmlToText(m.message),
    link: `${deps.config.publicUrl}/`,
  });
  await deps.mailer.enqueue({ siteId: deps.site.id, to: recipient.email, ...mail }, trx);
  return true;
}

export interface OutgoingMessage {
  sender: SessionUser;
  /** The recipient; -1 (a reply to a system message) is refused. Ignored when sending to the course's coaches. */
  toUserId: number | null;
  toCourseCoaches: boolean;
  asNotification: boolean;
  asEmail: boolean;
  title: string;
  html: string;
  courseId: number | null;
  coursePartId: number | null;
}

/** Whom a message goes to: the named user, or every coach of the course but the sender. */
async function recipientsOf(db: Db, siteId: number, out: OutgoingMessage, courseId: number | null) {
  if (out.toCourseCoaches) {
    if (courseId === null)
      throw invalidFields({ field: 'data.CourseId', message: 'is required to send to the course coaches' });
    await loadCourseForViewer(db, { siteId, user: out.sender, courseId });
    const coaches = await db
      .selectFrom('course_coaches')
      .innerJoin('users', 'users.id', 'course_coaches.user_id')
      .select(recipientColumns.map((c) => `users.${c}` as const))
      .where('course_coaches.site_id', '=', siteId)
      .where('course_coaches.course_id', '=', courseId)
      .where('users.id', '<>', out.sender.id)
      .orderBy('course_coaches.sort_id')
      .orderBy('course_coaches.id')
      .execute();
    if (coaches.length === 0) throw new AppError('NO_COACH', 'This course has no coach to write to');
    return coaches;
  }
  if (out.toUserId === null) throw invalidFields({ field: 'data.UserId', message: 'is required' });
  if (out.toUserId === out.sender.id) throw invalidFields({ field: 'data.UserId', message: 'must be someone else' });
  const recipient = await db
    .selectFrom('users')
    .select(recipientColumns)
    .where('site_id', '=', siteId)
    .where('id', '=', out.toUserId)
    .executeTakeFirst();
  if (!recipient) throw new AppError('NOT_FOUND', 'No such user');
  if (!out.asNotification) {
    const wroteFirst = await db
      .selectFrom('messages')
      .select('id')
      .where('site_id', '=', siteId)
      .where('from_user_id', '=', recipient.id)
      .where('to_user_id', '=', out.sender.id)
      .limit(1)
      .executeTakeFirst();
    authorize(out.sender, messageActions.writeTo, { recipient, recipientWroteFirst: wroteFirst !== undefined });
  }
  return [recipient];
}

/**
 * submit_message. Answers the new message's Id (the first one's when an identical message to the same user came
 * within 5 s, or the first coach's) and whether a recipient is online.
 */
export async function submitMessage(deps: SendDeps, out: OutgoingMessage): Promise<{ id: number; online: boolean }> {
  const { db, site } = deps;
  if (out.toUserId === SYSTEM_USER_ID && !out.toCourseCoaches) {
    throw new AppError('SYSTEM_MESSAGE_NO_REPLY', 'System message - unable to reply!');
  }
  if (out.asNotification) authorize(out.sender, messageActions.sendNotification, undefined);
  const message = cleanMessage(out.html);
  const refs = await courseRefs(db, { siteId: site.id, courseId: out.courseId, partId: out.coursePartId });
  const recipients = await recipientsOf(db, site.id, out, refs.courseId);
  const kind: MessageKind = out.asNotification ? 'system' : 'chat';
  const from = out.asNotification ? null : out.sender.id;
  const senderName = out.asNotification ? site.title : `${out.sender.first_name} ${out.sender.last_name}`.trim();

  const ids = await db.transaction().execute(async (trx) => {
    await lockSender(trx, site.id, out.sender.id);
    const sent: number[] = [];
    for (const recipient of recipients) {
      const same = { kind, from, to: recipient.id, title: out.title, message };
      const duplicate = await trx
        .selectFrom('messages')
        .select('id')
        .where('site_id', '=', site.id)
        .where(sameMessage(same))
        .where('created_at', '>', secondsAgo(DUPLICATE_MESSAGE_MS))
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const sentBy = out.asNotification ? out.sender.id : null;
      const id = duplicate?.id ?? (await insertMessage(trx, site.id, { ...same, ...refs, sentBy }));
      if (!duplicate && kind === 'chat') await markAnswered(trx, site.id, recipient.id, out.sender.id);
      if (out.asEmail)
        await mailUnlessRecent(trx, deps, { id, kind, from, title: out.title, message }, recipient, senderName);
      sent.push(id);
    }
    return sent;
  });
  const nowMs = Date.now();
  return { id: ids[0] as number, online: recipients.some((r) => isOnline(r.last_seen_at, nowMs)) };
}

export interface NewMessage {
  kind: MessageKind;
  from: number | null;
  to: number | null;
  title: string;
  /** Sanitized HTML. */
  message: string;
  courseId: number | null;
  partId: number | null;
  /** A system message: the staff member who sent it (staff see it, the recipient sees the system). */
  sentBy?: number | null;
  /** When it was sent (now), opened and answered (not yet): other times only for seeded history. */
  at?: string;
  showedAt?: string | null;
  repliedAt?: string | null;
}

/** Stores one message whose sender, recipient and references are already checked. */
export async function insertMessage(trx: Db, siteId: number, m: NewMessage): Promise<number> {
  const at = m.at ?? now();
  const row = await trx
    .insertInto('messages')
    .values({
      site_id: siteId,
      kind: m.kind,
      from_user_id: m.from,
      to_user_id: m.to,
      title: m.title,
      message: m.message,
      course_id: m.courseId,
      course_part_id: m.partId,
      showed_at: m.showedAt ?? null,
      replied_at: m.repliedAt ?? null,
      emailed_at: null,
      removed_by_sender: 0,
      removed_by_recipient: 0,
      sent_by_user_id: m.sentBy ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A system message the platform composes for its recipient, and the mail of it. */
export interface Notice {
  title: string;
  /** Sanitized HTML. */
  html: string;
  mail: MailText;
}

/**
 * A system message the platform sends of its own accord (the outcome of a review), in the caller's transaction, so
 * it exists exactly when what it tells does. It is stored as a system message of `sentBy` (the staff member whose
 * act it tells: staff see who, the recipient sees the system) and also mailed when the recipient is away
 * (`isAway`), through the outbox in the same transaction.
 */
export async function sendSystemNotice(
  trx: Db,
  deps: Pick<SendDeps, 'mailer' | 'site'>,
  opts: {
    toUserId: number;
    sentBy: number;
    courseId: number | null;
    partId: number | null;
    compose: (recipient: Pick<UserRow, 'first_name' | 'language'>) => Notice;
  },
): Promise<{ id: number; mailed: boolean }> {
  const siteId = deps.site.id;
  const recipient = await trx
    .selectFrom('users')
    .select(recipientColumns)
    .where('site_id', '=', siteId)
    .where('id', '=', opts.toUserId)
    .executeTakeFirstOrThrow();
  const notice = opts.compose(recipient);
  const id = await insertMessage(trx, siteId, {
    kind: 'system',
    from: null,
    to: recipient.id,
    title: notice.title,
    message: notice.html,
    courseId: opts.courseId,
    partId: opts.partId,
    sentBy: opts.sentBy,
  });
  if (!isAway(recipient.last_seen_at, Date.now())) return { id, mailed: false };
  const at = now();
  await trx.updateTable('messages').set({ emailed_at: at, updated_at: at }).where('id', '=', id).execute();
  await deps.mailer.enqueue({ siteId, to: recipient.email, ...notice.mail }, trx);
  return { id, mailed: true };
}

/** Answering someone marks her messages to the sender answered (no more unread dot) and, having read them, opened. */
async function markAnswered(trx: Db, siteId: number, fromUserId: number, toUserId: number) {
  const at = now();
  await trx
    .updateTable('messages')
    .set((eb) => ({
      replied_at: at,
      showed_at: eb.fn.coalesce('showed_at', timestampExpression(trx, at)),
      updated_at: at,
    }))
    .where('site_id', '=', siteId)
    .where('from_user_id', '=', fromUserId)
    .where('to_user_id', '=', toUserId)
    .where('replied_at', 'is', null)
    .execute();
}

/** send_message_as_email: the caller mails a message she sent; the same message is mailed at most once in 10 s. */
export async function sendMessageAsEmail(deps: SendDeps, opts: { sender: SessionUser; messageId: number }) {
  const { db, site } = deps;
  return db.transaction().execute(async (trx) => {
    await lockSender(trx, site.id, opts.sender.id);
    const row = await trx
      .selectFrom('messages')
      .select(['id', 'kind', 'title', 'message', 'to_user_id'])
      .where('site_id', '=', site.id)
      .where('id', '=', opts.messageId)
      .where('from_user_id', '=', opts.sender.id)
      .executeTakeFirst();
    const recipient =
      row?.to_user_id &&
      (await trx
        .selectFrom('users')
        .select(recipientColumns)
        .where('site_id', '=', site.id)
        .where('id', '=', row.to_user_id)
        .executeTakeFirst());
    if (!row || !recipient) throw new AppError('NOT_FOUND', 'No such message of yours to a user');
    const senderName = `${opts.sender.first_name} ${opts.sender.last_name}`.trim();
    const message = { id: row.id, kind: row.kind, from: opts.sender.id, title: row.title, message: row.message };
    return mailUnlessRecent(trx, deps, message, recipient, senderName);
  });
}

/**
 * send_support_message: a message to the support inbox and a task of type 9 with no owner, in one transaction.
 * The same message within 5 s answers the first message and its task.
 */
export async function sendSupportMessage(
  deps: SendDeps,
  opts: { sender: SessionUser; html: string; courseId: number | null; coursePartId: number | null },
): Promise<{ id: number; taskId: number }> {
  const { db, site } = deps;
  const message = cleanMessage(opts.html);
  const refs = await courseRefs(db, { siteId: site.id, courseId: opts.courseId, partId: opts.coursePartId });
  return db.transaction().execute(async (trx) => {
    await lockSender(trx, site.id, opts.sender.id);
    const same = { kind: 'support' as const, from: opts.sender.id, to: null, title: '', message };
    const duplicate = await trx
      .selectFrom('messages')
      .where(sameMessage(same))
      .innerJoin('tasks', 'tasks.message_id', 'messages.id')
      .select(['messages.id', 'tasks.id as task_id'])
      .where('messages.site_id', '=', site.id)
      .where('messages.created_at', '>', secondsAgo(DUPLICATE_MESSAGE_MS))
      .orderBy('messages.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (duplicate) return { id: duplicate.id, taskId: duplicate.task_id };
    const id = await insertMessage(trx, site.id, { ...same, ...refs });
    const taskId = await insertTask(trx, site.id, {
      taskType: TaskType.support,
      description: htmlToText(message).slice(0, 5_000) || '…',
      userId: opts.sender.id,
      courseId: refs.courseId,
      coursePartId: refs.partId,
      messageId: id,
    });
    return { id, taskId };
  });
}
