import type { Page } from 'playwright-core';
import type { CallName, CallOf, EndpointFile } from '../../../src/shared/contract';
import type { CallAnswer, CallData } from '../../../src/shared/contract/define';
import { api } from '../../support/api';
import type { ServerProcess } from '../../support/process';

/** A signed-in demo account: who stores a text, or who views it. */
export interface Account {
  id: number;
  token: string;
  userType: number;
  email: string;
}

export interface Accounts {
  admin: Account;
  coach: Account;
  student: Account;
}

/** The browser storage of a signed-in viewer, as the client keeps it after signing in. */
export const signedIn = (account: Account): Record<string, string> => ({
  'user-token': account.token,
  user_type: String(account.userType),
});

export async function signIn(server: ServerProcess, email: string, password: string): Promise<Account> {
  const answer = await api(server.url).ok('login.php', 'sign_in', { email, password });
  return { id: answer.data.Id, token: answer.token, userType: answer.data.UserType, email };
}

/** One call as `account` that must succeed; answers its body. */
export function callAs<F extends EndpointFile, R extends CallName<F>>(
  server: ServerProcess,
  account: Account | undefined,
  file: F,
  req: R | undefined,
  data: CallData<CallOf<F, R>>,
): Promise<CallAnswer<CallOf<F, R>>> {
  return api(server.url).ok(file, req, data, { token: account?.token });
}

/** The visible text in front of payload `index`, to know when a page shows the newly stored text. */
export const probe = (index: number) => `xss-probe-${index}`;

/** Finds the probe of payload `index` in an element's text (not the start of a longer number: 1 is not 10). */
export const probeText = (index: number) => new RegExp(`${probe(index)}(?!\\d)`);

/** A payload between two paragraphs of visible text. */
export const wrap = (index: number, payload: string) => `<p>${probe(index)}</p>${payload}<p>end-${index}</p>`;

/**
 * Goes to `url` in the page: a full load into a new page, else the in-app navigation a link makes (React Router
 * follows `popstate`), which keeps the app and its caches and costs a fraction of a load.
 */
export async function visit(page: Page, url: string): Promise<void> {
  if (page.url() === 'about:blank') {
    await page.goto(url, { waitUntil: 'commit' });
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** Where a stored text shows. */
export interface Place {
  /** Texts stored in one round whose places share a key are looked at in one view. */
  key: string;
  /** Brings the place on screen in the viewer's page: loads or navigates there and opens it (the bell, a chat). */
  open(page: Page, indices: readonly number[]): Promise<void>;
}

/** One place a rich text is stored and shown, as one viewer sees it: a page text, a conversation, a task, an exam. */
export interface RichTextSlot {
  label: string;
  /** Browser storage set before any page script: the language, the viewer's token when she is signed in. */
  storage: Record<string, string>;
  /** Stores one text (as the author, through the API) and answers where it shows. */
  store(html: string): Promise<Place>;
  /** The HTML the server keeps of the text stored last (all of it when one text goes to several places). */
  readStored(): Promise<string>;
}

/**
 * A path by which rich text gets stored and shown: who stores it through the API and where the client shows it to
 * whom. Several slots of one path let the browser check run payloads side by side.
 */
export interface RichTextPath {
  name: string;
  slots(server: ServerProcess, accounts: Accounts): Promise<RichTextSlot[]>;
  /** The elements the HTML is rendered into; each stored text must show in every one of them. */
  containers: string[];
  /**
   * Payloads in one stored text. 1 tries each payload alone, as the server-side check always does; several share
   * a text where a place holds one text and each look costs a round of calls and a page (a task, an exam). Every
   * payload keeps its own probe, so one that swallowed its neighbours would fail the look rather than hide them.
   */
  perText: number;
  /** Texts stored before each look: more than 1 where every text is its own (a message each) and one view shows many. */
  perView: number;
  /** Whether an administrator can open the text in the rich-text editor on its page (edit mode). */
  editable: boolean;
}

/** Page texts of one key in one language (content/save_content.php), shown to visitors on their pages. */
export const pageTexts: RichTextPath = {
  name: 'page texts (content/save_content.php) on /faq, /terms-of-service and /privacy',
  containers: ['main .rich-text'],
  perText: 1,
  perView: 1,
  editable: true,
  async slots(server, { admin }) {
    return [
      ['faq', '/faq'],
      ['terms', '/terms-of-service'],
      ['privacy', '/privacy'],
    ].flatMap(([name, url]) =>
      (['en', 'sv'] as const).map((Locale) => ({
        label: `${name}.body (${Locale})`,
        storage: { userLocale: Locale },
        async store(html: string) {
          await callAs(server, admin, 'content/save_content.php', undefined, {
            TheKey: `${name}.body`,
            content: html,
            Locale,
          });
          return {
            key: url as string,
            async open(page: Page) {
              await page.goto(url as string, { waitUntil: 'commit' });
            },
          };
        },
        async readStored() {
          const read = await api(server.url).call('content/get_content.php', undefined, {
            TheKey: `${name}.body`,
            Locale,
          });
          return read.body.data?.Content ?? '';
        },
      })),
    );
  },
};
