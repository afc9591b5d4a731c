import { randomBytes } from 'node:crypto';
import { type Api, api, type HttpAnswer } from '../../support/api';

/** A signed-in account: the administrator opened before the kills, or any acknowledged sign-in. */
export interface Session {
  email: string;
  userId: number;
  token: string;
}

/** Every write whose answer came back with status OK: these must all survive every crash. */
export interface Ledger {
  sessions: Session[];
  /** `TheKey` → the content saved under it (English). */
  contents: Map<string, string>;
  /** `userId:newsId` → the session that closed that news item. */
  interactions: Map<string, { userId: number; newsId: number; session: Session }>;
  registrations: string[];
}

export interface WriteStats {
  attempted: number;
  acknowledged: number;
  /** Acknowledged writes by call name. */
  acknowledgedBy: Record<string, number>;
  /** No answer: the connection was refused or cut by a kill. Such a write may or may not have landed. */
  unanswered: number;
  /** Answered, but not with OK: not expected from these writes. */
  refused: string[];
  /** Requests waiting for an answer, now. */
  inFlight: number;
}

export const REGISTRATION_PASSWORD = 'crash test passphrase 42';

export function emptyLedger(): Ledger {
  return { sessions: [], contents: new Map(), interactions: new Map(), registrations: [] };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

export interface WriterOptions {
  url: string;
  /** The administrator's session, for page texts. */
  admin: Session;
  /** Verified accounts that sign in, taken in turn; all have `password`. */
  signers: string[];
  password: string;
  newsIds: number[];
  ledger: Ledger;
}

/**
 * Several concurrent writers, each its own loop of acknowledged writes, until `stop()`: two sign-in loops
 * taking the accounts in turn (a kill during a sign-in leaves a counted attempt behind, so no account may be
 * caught mid-sign-in five kills in a row), two news-interaction loops using acknowledged sessions, three
 * page-text loops as the administrator and one registration loop.
 */
export function startWriters(options: WriterOptions): { stats: WriteStats; stop(): Promise<void> } {
  const { admin, ledger } = options;
  const server: Api = api(options.url);
  const stats: WriteStats = {
    attempted: 0,
    acknowledged: 0,
    acknowledgedBy: {},
    unanswered: 0,
    refused: [],
    inFlight: 0,
  };
  const runId = randomBytes(4).toString('hex');
  let stopped = false;
  let serial = 0;
  let nextSigner = 0;

  async function attempt<B extends { status: unknown }>(
    what: string,
    send: () => Promise<HttpAnswer<B>>,
    onOk: (body: B) => void,
  ) {
    stats.attempted += 1;
    stats.inFlight += 1;
    let answer: HttpAnswer<B>;
    try {
      answer = await send();
    } catch {
      stats.unanswered += 1;
      // The server is down or was just killed: try again soon, with a new write (not so soon that the
      // refused connections slow the restart down).
      await sleep(50);
      return;
    } finally {
      stats.inFlight -= 1;
    }
    if (answer.httpStatus === 200 && answer.body?.status === 'OK') {
      onOk(answer.body);
      stats.acknowledged += 1;
      stats.acknowledgedBy[what] = (stats.acknowledgedBy[what] ?? 0) + 1;
    } else {
      stats.refused.push(`${what}: ${answer.httpStatus} ${JSON.stringify(answer.body).slice(0, 200)}`);
      await sleep(15);
    }
  }

  const loops: (() => Promise<void>)[] = [];
  for (const _ of [1, 2]) {
    loops.push(() => {
      const email = options.signers[nextSigner++ % options.signers.length] as string;
      return attempt(
        'sign_in',
        () => server.call('login.php', 'sign_in', { email, password: options.password }),
        (body) => ledger.sessions.push({ token: body.token, email, userId: body.data.Id }),
      );
    });
  }
  for (const _ of [1, 2]) {
    loops.push(() => {
      const session = pick(ledger.sessions);
      const newsId = pick(options.newsIds);
      const data = { news_id: newsId, user_id: session.userId };
      return attempt(
        'store_user_news_interaction',
        () => server.call('news.php', 'store_user_news_interaction', data, { token: session.token }),
        () => ledger.interactions.set(`${session.userId}:${newsId}`, { userId: session.userId, newsId, session }),
      );
    });
  }
  for (const _ of [1, 2, 3]) {
    loops.push(() => {
      const n = ++serial;
      const key = `crash.${runId}.${n}`;
      const content = `<p>Text ${n} of run ${runId}: ${randomBytes(12).toString('hex')}</p>`;
      return attempt(
        'save_content',
        () =>
          server.call(
            'content/save_content.php',
            undefined,
            { TheKey: key, content, Locale: 'en' },
            { token: admin.token },
          ),
        () => ledger.contents.set(key, content),
      );
    });
  }
  loops.push(() => {
    const n = ++serial;
    const email = `reg-${runId}-${n}@example.com`;
    const company = n % 3 === 0;
    return attempt(
      'register',
      () =>
        server.call('register.php', 'register', {
          account_type: company ? 'company' : 'private',
          FirstName: 'Crash',
          LastName: `Writer ${n}`,
          email,
          password: REGISTRATION_PASSWORD,
          agree_terms: true,
          ...(company ? { CompanyName: `Crash company ${n}` } : {}),
        }),
      () => ledger.registrations.push(email),
    );
  });

  const running = loops.map(async (write) => {
    while (!stopped) await write();
  });
  return {
    stats,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}
