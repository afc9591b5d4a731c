import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { SYSTEM_USER_ID } from '../../../../shared/contract/coaching/messages';
import { INCREMENT_OVERLAP_MS } from '../../../../shared/domain/coaching/messages';
import { authorize, can } from '../../../platform/authorize';
import { type Db, now } from '../../../platform/db';
import { prepare } from '../../../platform/db/prepared';
import type { Database, MessageRow, SessionUser } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { messageActions, sideOf } from '../policies/message';
import type { MessageWithSender, SentBy } from '../presenters/message';

/**
 * Reading messages (spec §7 messages.php): the bell, a conversation, the support inbox; marking them opened and
 * removing them from one's own view. Writing them lives in messageSending.ts.
 */

type MessagesEb = ExpressionBuilder<Database, 'messages'>;

/** The values a listing binds into its SQL. */
interface ListingValues {
  siteId: number;
  /** The caller's id, or -1 for the support inbox (staff). */
  userId: number;
  /** The other side of a conversation; -1 for the system; null for the whole inbox. */
  withUserId: number | null;
  /** Only messages created after this time. */
  since: string | null;
  limit: number;
  offset: number;
}

/** What decides the SQL of a listing (which conditions it has); the values above only fill it in. */
interface Shape {
  supportInbox: boolean;
  partner: 'all' | 'system' | 'user';
  since: boolean;
}

const shapeOf = (values: ListingValues): Shape => ({
  supportInbox: values.userId === SYSTEM_USER_ID,
  partner: values.withUserId === null ? 'all' : values.withUserId === SYSTEM_USER_ID ? 'system' : 'user',
  since: values.since !== null,
});

/** The messages a listing covers, as the caller sees them: what she removed from her view is gone. */
const inScope =
  (shape: Shape, values: ListingValues) =>
  (eb: MessagesEb): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb('messages.site_id', '=', values.siteId)];
    const { userId, withUserId, since } = values;
    if (shape.supportInbox) {
      conditions.push(eb('messages.kind', '=', 'support'), eb('messages.to_user_id', 'is', null));
      if (shape.partner !== 'all') conditions.push(eb('messages.from_user_id', '=', withUserId));
    } else if (shape.partner === 'all') {
      conditions.push(eb('messages.to_user_id', '=', userId), eb('messages.removed_by_recipient', '=', 0));
    } else if (shape.partner === 'system') {
      conditions.push(
        eb('messages.to_user_id', '=', userId),
        eb('messages.kind', '=', 'system'),
        eb('messages.removed_by_recipient', '=', 0),
      );
    } else {
      conditions.push(
        eb.or([
          eb.and([
            eb('messages.from_user_id', '=', userId),
            eb('messages.to_user_id', '=', withUserId),
            eb('messages.removed_by_sender', '=', 0),
          ]),
          eb.and([
            eb('messages.from_user_id', '=', withUserId),
            eb('messages.to_user_id', '=', userId),
            eb('messages.removed_by_recipient', '=', 0),
          ]),
        ]),
      );
    }
    if (shape.since && since !== null) conditions.push(eb('messages.created_at', '>', since));
    return eb.and(conditions);
  };

/**
 * Both counts of a poll in one statement: the bell's (how many messages to the caller, or to the support inbox,
 * are not opened yet: one row that triggers keep, migration 0007), and how many messages the listing holds.
 */
const countsQuery = (db: Db, shape: Shape, values: ListingValues) =>
  db.selectNoFrom((eb) => [
    eb.fn
      .coalesce(
        eb
          .selectFrom('message_counters')
          .select('unopened')
          .where('site_id', '=', values.siteId)
          .where('recipient_id', '=', shape.supportInbox ? SYSTEM_USER_ID : values.userId),
        eb.lit(0),
      )
      .as('unopened'),
    eb
      .selectFrom('messages')
      .select((s) => s.fn.countAll<number>().as('n'))
      .where(inScope(shape, values))
      .as('total'),
  ]);

/** One page of the listing, newest first, with each sender's name and picture. */
const pageQuery = (db: Db, shape: Shape, values: ListingValues) =>
  db
    .selectFrom('messages')
    .where(inScope(shape, values))
    .leftJoin('users as sender', 'sender.id', 'messages.from_user_id')
    .selectAll('messages')
    .select([
      'sender.first_name as sender_first_name',
      'sender.last_name as sender_last_name',
      'sender.user_file_id as sender_user_file_id',
    ])
    .orderBy('messages.created_at', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(values.limit)
    .offset(values.offset);

/** The listing's queries, prepared (platform/db/prepared.ts): every client polls get_messages every 3 s. */
const valueNames = { siteId: true, userId: true, withUserId: true, since: true, limit: true, offset: true } as const;
const shapeKey = (shape: Shape) =>
  `${shape.supportInbox ? 'support' : 'own'}:${shape.partner}:${shape.since ? 'since' : 'all'}`;
const counts = prepare(
  valueNames,
  (db, values: ListingValues, shape: Shape) => countsQuery(db, shape, values),
  shapeKey,
);
const page = prepare(valueNames, (db, values: ListingValues, shape: Shape) => pageQuery(db, shape, values), shapeKey);

/** The lower bound of an increment: a little before the previous answer's time, never before 1970. */
const incrementSince = (lastDate: string | null | undefined): string | null =>
  lastDate ? new Date(Math.max(0, Date.parse(lastDate) - INCREMENT_OVERLAP_MS)).toISOString() : null;

export interface MessagePage {
  /** The page's messages with their senders, newest first. */
  rows: MessageWithSender[];
  /** For a staff reader, who sent each system message among them (by the sender's id). */
  senders: ReadonlyMap<number | null, SentBy>;
  totalPages: number;
  unopened: number;
  /** The time the answer was made: the client's next `LastDate`. */
  datetime: string;
}

/**
 * get_messages, newest first. The poll every client makes every 3 s is one statement when nothing is new (both
 * counts at once) and two when something is; the page is read only when it has rows.
 */
export async function listMessages(
  db: Db,
  opts: {
    siteId: number;
    user: SessionUser;
    userId: number;
    withUserId: number | null;
    lastDate: string | null | undefined;
    page: number;
    limit: number;
  },
): Promise<MessagePage> {
  if (opts.userId === SYSTEM_USER_ID) authorize(opts.user, messageActions.readSupportInbox, undefined);
  else if (opts.userId !== opts.user.id) throw new AppError('FORBIDDEN', messageActions.readSupportInbox.denial);
  const datetime = now();
  const values: ListingValues = {
    siteId: opts.siteId,
    userId: opts.userId,
    withUserId: opts.withUserId,
    since: incrementSince(opts.lastDate),
    limit: opts.limit,
    offset: (opts.page - 1) * opts.limit,
  };
  const shape = shapeOf(values);
  const [count] = await counts.run(db, values, shape);
  if (!count) throw new Error('The counts query answered no row');
  const total = Number(count.total);
  const rows = values.offset < total ? await page.run(db, values, shape) : [];
  const senders = can(opts.user, messageActions.seeSystemSender, undefined)
    ? await staffSenders(db, opts.siteId, rows)
    : new Map();
  return {
    rows,
    senders,
    totalPages: Math.max(1, Math.ceil(total / opts.limit)),
    unopened: Number(count.unopened),
    datetime,
  };
}

/**
 * The names of the staff who sent the system messages among `rows`, for a staff reader (learners are never told):
 * one lookup, and none at all for the polls of everyone else or pages without such messages.
 */
async function staffSenders(db: Db, siteId: number, rows: MessageRow[]): Promise<Map<number | null, SentBy>> {
  const ids = [...new Set(rows.flatMap((r) => (r.kind === 'system' && r.sent_by_user_id ? [r.sent_by_user_id] : [])))];
  if (ids.length === 0) return new Map();
  const users = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
  return new Map(users.map((u) => [u.id, { id: u.id, name: `${u.first_name} ${u.last_name}`.trim() }]));
}

/** mark_messages_as_opened: only messages to the caller (and, for staff, to the support inbox) are touched. */
export async function markMessagesOpened(db: Db, opts: { siteId: number; user: SessionUser; ids: number[] }) {
  const ids = [...new Set(opts.ids)];
  if (ids.length === 0) return;
  const at = now();
  await db
    .updateTable('messages')
    .set({ showed_at: at, updated_at: at })
    .where('site_id', '=', opts.siteId)
    .where('id', 'in', ids)
    .where('showed_at', 'is', null)
    .where((eb) =>
      can(opts.user, messageActions.readSupportInbox, undefined)
        ? eb.or([
            eb('to_user_id', '=', opts.user.id),
            eb.and([eb('to_user_id', 'is', null), eb('kind', '=', 'support')]),
          ])
        : eb('to_user_id', '=', opts.user.id),
    )
    .execute();
}

/**
 * remove_message: the message leaves the caller's own view (the other side keeps it). Someone else's message is
 * NOT_FOUND, as if it did not exist.
 */
export async function removeMessage(db: Db, opts: { siteId: number; user: SessionUser; messageId: number }) {
  const row = await db
    .selectFrom('messages')
    .select(['from_user_id', 'to_user_id'])
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.messageId)
    .executeTakeFirst();
  const side = row ? sideOf(opts.user, row) : null;
  if (!side) throw new AppError('NOT_FOUND', 'No such message');
  await db
    .updateTable('messages')
    .set(
      side === 'sender' ? { removed_by_sender: 1, updated_at: now() } : { removed_by_recipient: 1, updated_at: now() },
    )
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.messageId)
    .execute();
}
