import net from 'node:net';
import { MESSAGE_MAILS_PER_STAFF, MESSAGE_MAILS_PER_STUDENT } from '../../shared/domain/identity/accounts';
import { isStaff } from './authorize';
import { type Db, now, timestampExpression } from './db';
import { AppError } from './errors';

/** A limit of `limit` takes per fixed window of `windowSeconds`. */
export interface WindowLimit {
  limit: number;
  windowSeconds: number;
}

export type Take = { ok: true } | { ok: false; retryAfter: number };

/**
 * Takes one from a fixed-window counter held in the database, so every server process counts against the same
 * window: a single conditional UPDATE starts a new window when the old one is over, or adds one while the window
 * has room, so concurrent takes can never pass the limit. Answers how long to wait when it is full.
 */
export async function takeFromWindow(
  db: Db,
  opts: { siteId: number; bucket: string; subject: string } & WindowLimit,
): Promise<Take> {
  const at = now();
  const subject = opts.subject.slice(0, 300);
  await db
    .insertInto('rate_limits')
    .values({
      site_id: opts.siteId,
      bucket: opts.bucket,
      subject,
      window_started_at: at,
      taken: 0,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['site_id', 'bucket', 'subject']).doNothing())
    .execute();
  const windowOver = new Date(Date.now() - opts.windowSeconds * 1000).toISOString();
  const taken = await db
    .updateTable('rate_limits')
    .set((eb) => ({
      taken: eb
        .case()
        .when('window_started_at', '<=', windowOver)
        .then(1)
        .else(eb('taken', '+', 1))
        .end(),
      window_started_at: eb
        .case()
        .when('window_started_at', '<=', windowOver)
        .then(timestampExpression(db, at))
        .else(eb.ref('window_started_at'))
        .end(),
      updated_at: at,
    }))
    .where('site_id', '=', opts.siteId)
    .where('bucket', '=', opts.bucket)
    .where('subject', '=', subject)
    .where((eb) => eb.or([eb('window_started_at', '<=', windowOver), eb('taken', '<', opts.limit)]))
    .returning('taken')
    .executeTakeFirst();
  if (taken) return { ok: true };
  const row = await db
    .selectFrom('rate_limits')
    .select('window_started_at')
    .where('site_id', '=', opts.siteId)
    .where('bucket', '=', opts.bucket)
    .where('subject', '=', subject)
    .executeTakeFirst();
  const endsAt = Date.parse(row?.window_started_at ?? at) + opts.windowSeconds * 1000;
  return { ok: false, retryAfter: Math.max(1, Math.ceil((endsAt - Date.now()) / 1000)) };
}

/** Gives back one take (an attempt that turned out to be the owner's), never below zero. */
export async function giveBackToWindow(db: Db, opts: { siteId: number; bucket: string; subject: string }) {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ taken: eb('taken', '-', 1), updated_at: now() }))
    .where('site_id', '=', opts.siteId)
    .where('bucket', '=', opts.bucket)
    .where('subject', '=', opts.subject.slice(0, 300))
    .where('taken', '>', 0)
    .execute();
}

/** A window of guesses at a secret (a registration code, a discount code) that one caller or source may make. */
export type GuessWindow = { siteId: number; bucket: string; subject: string } & WindowLimit;

/**
 * Runs a try at a secret within windows of guesses (in the database, so every server process counts alike): a full
 * window refuses the try with TOO_MANY_REQUESTS; a try that fails with an error `isWrong` calls a wrong guess keeps
 * its count in every window, any other outcome (a right guess, a fault) gives it back. So only wrong guesses count,
 * and once a window is full every try is refused until it passes, a right guess included.
 */
export async function guessing<T>(
  db: Db,
  opts: { windows: GuessWindow[]; isWrong: (error: unknown) => boolean; message: string },
  attempt: () => Promise<T>,
): Promise<T> {
  const taken: GuessWindow[] = [];
  const giveBack = async () => {
    for (const window of taken) await giveBackToWindow(db, window);
  };
  for (const window of opts.windows) {
    const take = await takeFromWindow(db, window);
    if (!take.ok) {
      await giveBack();
      throw tooManyRequests(take.retryAfter, opts.message);
    }
    taken.push(window);
  }
  try {
    const result = await attempt();
    await giveBack();
    return result;
  } catch (error) {
    if (!opts.isWrong(error)) await giveBack();
    throw error;
  }
}

/** The TOO_MANY_REQUESTS answer of a full window: the spec's clients show the wait. */
export const tooManyRequests = (retryAfter: number, message = 'Too many requests'): AppError =>
  new AppError('TOO_MANY_REQUESTS', `${message}: try again in ${retryAfter} seconds`, { retry_after: retryAfter });

/** Takes one from a window, or throws TOO_MANY_REQUESTS with the wait. */
export async function requireWindow(
  db: Db,
  opts: { siteId: number; bucket: string; subject: string; message?: string } & WindowLimit,
): Promise<void> {
  const take = await takeFromWindow(db, opts);
  if (!take.ok) throw tooManyRequests(take.retryAfter, opts.message);
}

/**
 * The source a request is counted under: its IPv4 address, or the /64 prefix of an IPv6 address (one subscriber
 * usually holds a whole /64, so counting single IPv6 addresses would give an attacker billions of sources).
 */
export function sourceOf(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped?.[1] && net.isIPv4(mapped[1])) return mapped[1];
  if (net.isIPv4(address)) return address;
  if (!net.isIPv6(address)) return address.slice(0, 64) || 'unknown';
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':').flatMap(ipv4AsGroups) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const full = tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** An embedded IPv4 tail (`::1.2.3.4`) as the two 16-bit groups it stands for. */
function ipv4AsGroups(group: string): string[] {
  if (!group.includes('.')) return [group];
  const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/**
 * One more message mailed by this sender (SendAsEmail, send_message_as_email), or TOO_MANY_REQUESTS: a student
 * may mail MESSAGE_MAILS_PER_STUDENT per window, staff MESSAGE_MAILS_PER_STAFF. Called inside the send's
 * transaction, so a refused send stores nothing.
 */
export async function requireMessageMailAllowance(db: Db, opts: { siteId: number; senderId: number }) {
  const sender = await db
    .selectFrom('users')
    .select(['user_type', 'privilegies'])
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.senderId)
    .executeTakeFirst();
  const staff = sender !== undefined && isStaff(sender);
  await requireWindow(db, {
    siteId: opts.siteId,
    bucket: 'message_mails',
    subject: `user:${opts.senderId}`,
    ...(staff ? MESSAGE_MAILS_PER_STAFF : MESSAGE_MAILS_PER_STUDENT),
    message: 'Too many messages sent by email',
  });
}
