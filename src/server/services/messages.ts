import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { type Message, SYSTEM_USER_ID } from '../../shared/contract/messages';
import { INCREMENT_OVERLAP_MS } from '../../shared/domain/messages';
import { type Db, now } from '../db';
import type { Database, UserRow } from '../db/schema';
import { AppError } from '../errors';
import { readsSupportInbox, sideOf } from '../policies/message';
import { presentMessage } from '../presenters/message';

/**
 * Reading messages (spec §7 messages.php): the bell, a conversation, the support inbox; marking them opened and
 * removing them from one's own view. Writing them lives in messageSending.ts.
 */

type MessagesEb = ExpressionBuilder<Database, 'messages'>;

interface Scope {
  siteId: number;
  /** The caller's id, or -1 for the support inbox (staff). */
  userId: number;
  /** The other side of a conversation; -1 for the system; null for the whole inbox. */
  withUserId: number | null;
  /** Only messages created after this time. */
  since: string | null;
}

/** The messages a scope covers, as the caller sees them: what she removed from her view is gone. */
const inScope =
  (scope: Scope) =>
  (eb: MessagesEb): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb('messages.site_id', '=', scope.siteId)];
    const { userId, withUserId } = scope;
    if (userId === SYSTEM_USER_ID) {
      conditions.push(eb('messages.kind', '=', 'support'), eb('messages.to_user_id', 'is', null));
      if (withUserId !== null) conditions.push(eb('messages.from_user_id', '=', withUserId));
    } else if (withUserId === null) {
      conditions.push(eb('messages.to_user_id', '=', userId), eb('messages.removed_by_recipient', '=', 0));
    } else if (withUserId === SYSTEM_USER_ID) {
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
    if (scope.since !== null) conditions.push(eb('messages.created_at', '>', scope.since));
    return eb.and(conditions);
  };

/** What the bell counts: messages to the caller (or to the support inbox) not opened yet. */
const unopenedOf =
  (siteId: number, userId: number) =>
  (eb: MessagesEb): Expression<SqlBool> =>
    eb.and([
      eb('messages.site_id', '=', siteId),
      userId === SYSTEM_USER_ID
        ? eb.and([eb('messages.to_user_id', 'is', null), eb('messages.kind', '=', 'support')])
        : eb.and([eb('messages.to_user_id', '=', userId), eb('messages.removed_by_recipient', '=', 0)]),
      eb('messages.showed_at', 'is', null),
    ]);

/** The lower bound of an increment: a little before the previous answer's time, never before 1970. */
const incrementSince = (lastDate: string | null | undefined): string | null =>
  lastDate ? new Date(Math.max(0, Date.parse(lastDate) - INCREMENT_OVERLAP_MS)).toISOString() : null;

export interface MessagePage {
  messages: Message[];
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
    user: UserRow;
    userId: number;
    withUserId: number | null;
    lastDate: string | null | undefined;
    page: number;
    limit: number;
  },
): Promise<MessagePage> {
  if (opts.userId === SYSTEM_USER_ID ? !readsSupportInbox(opts.user) : opts.userId !== opts.user.id) {
    throw new AppError('FORBIDDEN', 'UserId must be your own (or -1, the support inbox, for staff)');
  }
  const datetime = now();
  const scope: Scope = {
    siteId: opts.siteId,
    userId: opts.userId,
    withUserId: opts.withUserId,
    since: incrementSince(opts.lastDate),
  };
  const counts = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('messages')
        .select((s) => s.fn.countAll<number>().as('n'))
        .where(unopenedOf(opts.siteId, opts.userId))
        .as('unopened'),
      eb
        .selectFrom('messages')
        .select((s) => s.fn.countAll<number>().as('n'))
        .where(inScope(scope))
        .as('total'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(counts.total);
  const offset = (opts.page - 1) * opts.limit;
  const rows =
    offset < total
      ? await db
          .selectFrom('messages')
          .where(inScope(scope))
          .leftJoin('users as sender', 'sender.id', 'messages.from_user_id')
          .selectAll('messages')
          .select([
            'sender.first_name as sender_first_name',
            'sender.last_name as sender_last_name',
            'sender.user_file_id as sender_user_file_id',
          ])
          .orderBy('messages.created_at', 'desc')
          .orderBy('messages.id', 'desc')
          .limit(opts.limit)
          .offset(offset)
          .execute()
      : [];
  return {
    messages: rows.map(presentMessage),
    totalPages: Math.max(1, Math.ceil(total / opts.limit)),
    unopened: Number(counts.unopened),
    datetime,
  };
}

/** mark_messages_as_opened: only messages to the caller (and, for staff, to the support inbox) are touched. */
export async function markMessagesOpened(db: Db, opts: { siteId: number; user: UserRow; ids: number[] }) {
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
      readsSupportInbox(opts.user)
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
export async function removeMessage(db: Db, opts: { siteId: number; user: UserRow; messageId: number }) {
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
