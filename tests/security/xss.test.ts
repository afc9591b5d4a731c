import fs from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/constants';
import { apiCall, builtClientDir, type ServerProcess, startServerProcess } from './support/serverProcess';
import { unsafeInStoredHtml, xssPayloads } from './support/xssPayloads';

const hasChromium = fs.existsSync(CHROMIUM_PATH);
const requireBrowser = process.env.REQUIRE_E2E === '1';
const DEMO_PASSWORD = 'demo-password-security';
/** One place a rich text is stored and shown: a page text of one key in one language, later a news item. */
interface RichTextSlot {
  label: string;
  /** The page that renders it, and the browser storage it needs (e.g. the language). */
  page: string;
  storage: Record<string, string>;
  store(html: string): Promise<void>;
  readStored(): Promise<string>;
}

/**
 * Every path by which rich text gets stored and shown. A later one (news written by staff, messages, task
 * notes) is one more entry: the places an administrator stores HTML through the API and where the client
 * shows it. Several places of one path let the browser check run payloads side by side.
 */
interface RichTextPath {
  name: string;
  slots(server: ServerProcess, adminToken: string): RichTextSlot[];
  /** The element the HTML is rendered into. */
  container: string;
  /** Whether an administrator can open the text in the rich-text editor on its page (edit mode). */
  editable: boolean;
}

const pageTextSlots = (server: ServerProcess, token: string): RichTextSlot[] =>
  [
    ['faq', '/faq'],
    ['terms', '/terms-of-service'],
    ['privacy', '/privacy'],
  ].flatMap(([name, page]) =>
    (['en', 'sv'] as const).map((Locale) => ({
      label: `${name}.body (${Locale})`,
      page: page as string,
      storage: { userLocale: Locale },
      async store(html: string) {
        const saved = await apiCall(
          server.url,
          'content/save_content.php',
          undefined,
          { TheKey: `${name}.body`, content: html, Locale },
          { token },
        );
        expect(saved.body.status, JSON.stringify(saved.body)).toBe('OK');
      },
      async readStored() {
        const read = await apiCall(server.url, 'content/get_content.php', undefined, {
          TheKey: `${name}.body`,
          Locale,
        });
        return read.body.data?.Content ?? '';
      },
    })),
  );

const richTextPaths: RichTextPath[] = [
  {
    name: 'page texts (content/save_content.php) on /faq, /terms-of-service and /privacy',
    slots: pageTextSlots,
    container: 'main .rich-text',
    editable: true,
  },
];

/** A unique visible text in front of each payload, to know when the page shows the newly stored text. */
const wrap = (index: number, payload: string) => `<p>xss-probe-${index}</p>${payload}<p>end-${index}</p>`;

describe('stored XSS through every rich-text path', () => {
  let server: ServerProcess;
  let adminToken: string;
  let browser: Browser;
  beforeAll(async () => {
    if (hasChromium || requireBrowser)
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    server = await startServerProcess({ DEMO_PASSWORD, CLIENT_DIR: builtClientDir() });
    const signIn = await apiCall(server.url, 'login.php', 'sign_in', {
      email: 'admin@demo.local',
      password: DEMO_PASSWORD,
    });
    expect(signIn.body.status).toBe('OK');
    adminToken = signIn.body.token;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(richTextPaths)('$name: the server stores nothing that could run', async (path) => {
    const [slot] = path.slots(server, adminToken);
    if (!slot) throw new Error(`${path.name} has no place to store text`);
    for (const [index, payload] of xssPayloads.entries()) {
      await slot.store(wrap(index, payload));
      const stored = await slot.readStored();
      expect(stored, payload).toContain(`xss-probe-${index}`);
      expect(unsafeInStoredHtml(stored), `${payload}\nstored as\n${stored}`).toEqual([]);
    }
  });

  it('fails without Chromium when REQUIRE_E2E=1', () => {
    if (requireBrowser) expect(hasChromium, `Chromium is missing at ${CHROMIUM_PATH}`).toBe(true);
  });

  describe.skipIf(!hasChromium && !requireBrowser)('rendered in Chromium', () => {
    /** A page that records every sign of script running: the payload flag, dialogs, errors, CSP violations. */
    async function watchedPage(storage: Record<string, string> = {}) {
      const context = await browser.newContext({ baseURL: server.url });
      await context.addInitScript((entries: Record<string, string>) => {
        localStorage.setItem('cookie_consent', 'accepted');
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        const w = window as unknown as { __csp: string[] };
        w.__csp = [];
        document.addEventListener('securitypolicyviolation', (event) => {
          w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      }, storage);
      // Payload URLs must not reach the network (an https: image or frame from a payload is simply not there).
      await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
      const page = await context.newPage();
      const signs: string[] = [];
      page.on('dialog', (dialog) => {
        signs.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      page.on('pageerror', (error) => signs.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (/xss/i.test(message.text())) signs.push(`console: ${message.text()}`);
      });
      return { context, page, signs };
    }

    /** Asserts nothing ran: no flag, no dialog, no error, no CSP violation, and nothing active left in the DOM. */
    async function expectNothingRan(page: Page, signs: string[], container: string, label: string) {
      // Give handlers that fire late (onerror of a broken image, onload, animations, focus) their chance.
      await page.waitForTimeout(100);
      const state = await page.evaluate((selector) => {
        const w = window as unknown as { __xss?: unknown; __csp: string[] };
        const root = document.querySelector(selector);
        const active: string[] = [];
        for (const element of root ? Array.from(root.querySelectorAll('*')) : []) {
          const tag = element.tagName.toLowerCase();
          if (
            ['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'link', 'meta', 'base', 'form'].includes(
              tag,
            )
          ) {
            active.push(`<${tag}>`);
          }
          for (const attribute of Array.from(element.attributes)) {
            const value = attribute.value.replace(/\s/g, '').toLowerCase();
            if (attribute.name.startsWith('on') || ['style', 'srcdoc', 'formaction'].includes(attribute.name)) {
              active.push(`${tag}[${attribute.name}]`);
            }
            if (/^(javascript|data|vbscript):/.test(value)) active.push(`${tag}[${attribute.name}=${value}]`);
          }
        }
        return { xss: w.__xss, csp: w.__csp, active, found: Boolean(root) };
      }, container);
      expect(state.found, `${label}: ${container} is on the page`).toBe(true);
      expect(state.xss, `${label}: window.__xss`).toBeUndefined();
      expect(state.csp, `${label}: CSP violations (the sanitizer let something through)`).toEqual([]);
      expect(state.active, `${label}: active content in the DOM`).toEqual([]);
      expect(signs, `${label}: dialogs, errors, console`).toEqual([]);
    }

    it.each(richTextPaths)('$name: no payload runs for a visitor', async (path) => {
      // Each place takes every n-th payload; the places run side by side, one browser page each.
      const slots = path.slots(server, adminToken);
      await Promise.all(
        slots.map(async (slot, worker) => {
          const { context, page, signs } = await watchedPage(slot.storage);
          try {
            for (const [index, payload] of xssPayloads.entries()) {
              if (index % slots.length !== worker) continue;
              await slot.store(wrap(index, payload));
              await page.goto(slot.page, { waitUntil: 'commit' });
              const probe = page.locator(path.container).getByText(`xss-probe-${index}`, { exact: true });
              await probe.waitFor({ timeout: 15_000 });
              await page.locator(path.container).hover();
              await expectNothingRan(page, signs, path.container, `${slot.label}: ${payload}`);
            }
          } finally {
            await context.close();
          }
        }),
      );
    });

    it.each(richTextPaths.filter((p) => p.editable))(
      '$name: no payload runs in the rich-text editor of an administrator',
      async (path) => {
        const [slot] = path.slots(server, adminToken);
        if (!slot) throw new Error(`${path.name} has no place to store text`);
        // All payloads in one text: what one payload's broken markup swallows, the page check above covers.
        await slot.store(xssPayloads.map((payload, index) => wrap(index, payload)).join('\n'));
        const { context, page, signs } = await watchedPage({
          ...slot.storage,
          'user-token': adminToken,
          user_type: '2',
        });
        try {
          await page.goto(slot.page);
          await page.locator(path.container).getByText('xss-probe-0', { exact: true }).waitFor({ timeout: 15_000 });
          await page.getByTestId('page-edit-toggle').click();
          const editor = page.locator('main [contenteditable="true"]').first();
          await editor.waitFor({ timeout: 15_000 });
          await expect.poll(() => editor.textContent()).toContain('xss-probe-1');
          await editor.hover();
          await expectNothingRan(page, signs, 'main [contenteditable="true"]', 'in the editor');
        } finally {
          await context.close();
        }
      },
    );

    it('the Content-Security-Policy blocks inline script and eval even if markup got through', async () => {
      const { context, page, signs } = await watchedPage();
      try {
        await page.goto('/faq');
        await page.locator('main h1').first().waitFor();
        const outcome = await page.evaluate(async () => {
          const w = window as unknown as Record<string, unknown> & { __csp: string[] };
          const script = document.createElement('script');
          script.textContent = 'window.__inlineScript = 1';
          document.body.append(script);
          const div = document.createElement('div');
          div.innerHTML =
            '<img src="data:," onerror="window.__inlineHandler = 1"><a id="js" href="javascript:window.__jsUrl=1">x</a>';
          document.body.append(div);
          (document.getElementById('js') as HTMLAnchorElement).click();
          // A string timer is eval in the page's own context (code evaluated through DevTools is exempt from CSP).
          (setTimeout as unknown as (code: string, ms: number) => void)('window.__eval = 1', 0);
          await new Promise((r) => setTimeout(r, 200));
          return {
            ran: Object.entries({
              'inline script': w.__inlineScript,
              'inline handler': w.__inlineHandler,
              'javascript: URL': w.__jsUrl,
              eval: w.__eval,
            })
              .filter(([, value]) => value !== undefined)
              .map(([name]) => name),
            violations: w.__csp,
          };
        });
        expect(outcome.ran, 'inline script, handler, javascript: URL or eval ran').toEqual([]);
        const violations = outcome.violations.join('\n');
        expect(violations).toMatch(/script-src-elem inline/);
        expect(violations).toMatch(/script-src-attr inline/);
        expect(violations).toMatch(/script-src eval/);
        expect(signs.filter((s) => !s.startsWith('page error'))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
