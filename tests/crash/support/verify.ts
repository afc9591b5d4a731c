import { hashToken } from '../../../src/server/platform/lib/tokens';
import { api } from '../../support/api';
import type { StoredState } from './databases';
import { type Ledger, REGISTRATION_PASSWORD } from './writers';

/** A copy of the ledger as it is now; the writers keep adding to the original. */
export function snapshotLedger(ledger: Ledger): Ledger {
  return {
    sessions: [...ledger.sessions],
    contents: new Map(ledger.contents),
    interactions: new Map(ledger.interactions),
    registrations: [...ledger.registrations],
  };
}

export const ledgerSize = (ledger: Ledger) =>
  ledger.sessions.length + ledger.contents.size + ledger.interactions.size + ledger.registrations.length;

/** Acknowledged writes missing from (or different in) the rows read straight from the database. */
export function lostInDatabase(ledger: Ledger, state: StoredState): string[] {
  const lost: string[] = [];
  for (const { token, email } of ledger.sessions) {
    if (!state.sessionTokenHashes.has(hashToken(token))) lost.push(`session of ${email} (${token.slice(0, 6)}…)`);
  }
  for (const [key, content] of ledger.contents) {
    const stored = state.contents.get(key);
    if (stored !== content) lost.push(`page text ${key}: ${stored === undefined ? 'missing' : `reads ${stored}`}`);
  }
  for (const [pair] of ledger.interactions) {
    if (!state.interactions.has(pair)) lost.push(`news interaction user:news ${pair}`);
  }
  for (const email of ledger.registrations) {
    if (!state.emails.has(email)) lost.push(`registration ${email}`);
  }
  return lost;
}

/** How many registrations are also checked by signing in (each costs a password hash on the server). */
const REGISTRATION_SAMPLE = 25;

/**
 * Acknowledged writes the running server does not answer as written: every session token still signs its
 * user in, every page text reads back equal, a closed latest news item stays closed, and registered
 * addresses (a sample) know their password and answer NOT_VERIFIED.
 */
export async function lostThroughApi(url: string, ledger: Ledger, latestNewsId: number): Promise<string[]> {
  const server = api(url);
  const lost: string[] = [];
  await eachLimited(ledger.sessions, 8, async ({ token, email }) => {
    const answer = await server.call('auth.php', 'auth_user', {}, { token });
    if (answer.body?.status !== 'OK' || answer.body.data?.Username !== email) {
      lost.push(`session of ${email}: auth_user answered ${answer.httpStatus} ${JSON.stringify(answer.body)}`);
    }
  });
  await eachLimited([...ledger.contents], 8, async ([key, content]) => {
    const answer = await server.call('content/get_content.php', undefined, { TheKey: key, Locale: 'en' });
    if (answer.body?.data?.Content !== content) {
      lost.push(`page text ${key}: get_content answered ${JSON.stringify(answer.body)}`);
    }
  });
  const closedLatest = [...ledger.interactions.values()].filter((i) => i.newsId === latestNewsId);
  await eachLimited(closedLatest, 4, async ({ session, userId }) => {
    const answer = await server.call('news.php', 'get_latest_news', { user_id: userId }, { token: session.token });
    if (answer.body?.status !== 'OK' || answer.body.data?.data?.length !== 0) {
      lost.push(`news interaction ${userId}:${latestNewsId}: get_latest_news answered ${JSON.stringify(answer.body)}`);
    }
  });
  const sample = [...ledger.registrations].sort(() => Math.random() - 0.5).slice(0, REGISTRATION_SAMPLE);
  await eachLimited(sample, 4, async (email) => {
    const answer = await server.call('login.php', 'sign_in', { email, password: REGISTRATION_PASSWORD });
    if (answer.body?.error_code !== 'NOT_VERIFIED') {
      lost.push(`registration ${email}: sign_in answered ${JSON.stringify(answer.body)}`);
    }
  });
  return lost;
}

/** Runs `task` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  });
  await Promise.all(lanes);
}
