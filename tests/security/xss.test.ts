import fs from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/constants';
import { builtClientDir, type ServerProcess, startServerProcess } from '../support/process';
import { courseContent } from './support/authoringPaths';
import { chatMessages, examAnswersForStaff, examCommentsForStudent, supportTasks } from './support/coachingPaths';
import {
  type Accounts,
  type Place,
  pageTexts,
  probe,
  probeText,
  type RichTextPath,
  signedIn,
  signIn,
  wrap,
} from './support/richTextPaths';
import { unsafeInStoredHtml, xssPayloads } from './support/xssPayloads';

const hasChromium = fs.existsSync(CHROMIUM_PATH);
const requireBrowser = process.env.REQUIRE_E2E === '1';
const DEMO_PASSWORD = 'demo-password-security';

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, n) => items.slice(n * size, (n + 1) * size));

/** A payload that leaves a `<style>` open: the sanitizer rightly drops all that follows, so it ends its text. */
const swallowsTheRest = (payload: string) => /<style/i.test(payload) && !/<\/style/i.test(payload);

/** Payloads grouped into texts of at most `size`, each text ending at a payload that swallows what follows. */
function texts(indices: readonly number[], size: number): number[][] {
  const grouped: number[][] = [[]];
  for (const index of indices) {
    const text = grouped[grouped.length - 1] as number[];
    text.push(index);
    if (text.length === size || swallowsTheRest(xssPayloads[index] as string)) grouped.push([]);
  }
  return grouped.filter((text) => text.length > 0);
}

/** Every path by which rich text gets stored and shown; a later one (news written by staff) is one more entry. */
const richTextPaths: RichTextPath[] = [
  pageTexts,
  chatMessages,
  supportTasks,
  examCommentsForStudent,
  examAnswersForStaff,
  courseContent,
];

describe('stored XSS through every rich-text path', () => {
  let server: ServerProcess;
  let accounts: Accounts;
  let browser: Browser;
  beforeAll(async () => {
    if (hasChromium || requireBrowser)
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    server = await startServerProcess({ env: { DEMO_PASSWORD, CLIENT_DIR: builtClientDir() } });
    const [admin, coach, student] = await Promise.all(
      ['admin', 'coach', 'student'].map((name) => signIn(server, `${name}@demo.local`, DEMO_PASSWORD)),
    );
    if (!admin || !coach || !student) throw new Error('a demo account is missing');
    accounts = { admin, coach, student };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(richTextPaths)('$name: the server stores nothing that could run', async (path) => {
    const [slot] = await path.slots(server, accounts);
    if (!slot) throw new Error(`${path.name} has no place to store text`);
    for (const [index, payload] of xssPayloads.entries()) {
      await slot.store(wrap(index, payload));
      const stored = await slot.readStored();
      expect(stored, payload).toContain(probe(index));
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

    /**
     * Asserts nothing ran: no flag, no dialog, no error, no CSP violation, and nothing active left in the DOM of
     * any element the containers match (every message of a chat, every rich text of a page).
     */
    async function expectNothingRan(page: Page, signs: string[], containers: string[], label: string) {
      // Give handlers that fire late (onerror of a broken image, onload, animations, focus) their chance.
      await page.waitForTimeout(100);
      const state = await page.evaluate((selectors) => {
        const w = window as unknown as { __xss?: unknown; __csp: string[] };
        const active: string[] = [];
        const missing: string[] = [];
        for (const selector of selectors) {
          const roots = Array.from(document.querySelectorAll(selector));
          if (roots.length === 0) missing.push(selector);
          for (const element of roots.flatMap((root) => Array.from(root.querySelectorAll('*')))) {
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
        }
        return { xss: w.__xss, csp: w.__csp, active, missing };
      }, containers);
      expect(state.missing, `${label}: containers not on the page`).toEqual([]);
      expect(state.xss, `${label}: window.__xss`).toBeUndefined();
      expect(state.csp, `${label}: CSP violations (the sanitizer let something through)`).toEqual([]);
      expect(state.active, `${label}: active content in the DOM`).toEqual([]);
      expect(signs, `${label}: dialogs, errors, console`).toEqual([]);
    }

    /** Waits until every container shows the probe of each payload: the newly stored texts are on screen. */
    async function waitForProbes(page: Page, containers: string[], indices: readonly number[]) {
      for (const container of containers) {
        for (const index of indices) {
          await page
            .locator(container)
            .filter({ hasText: probeText(index) })
            .first()
            .waitFor({ timeout: 15_000 });
        }
        // Pointer events on the text (mouseover, pointerenter) get their chance too. A toast (a review's notice,
        // itself one more reader of the payloads, checked with the rest of the page) may lie over the text, or
        // arrive while the pointer moves: toasts are hidden by a style rule, which holds for those still to come.
        await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
        await page.locator(container).first().hover();
      }
    }

    it.each(richTextPaths)('$name: no payload runs for its reader', async (path) => {
      // Each slot takes every n-th payload and runs in a browser page of its own, side by side with the others. It
      // stores `perView` texts of `perText` payloads each, then looks at the places they show, each place once.
      const slots = await path.slots(server, accounts);
      await Promise.all(
        slots.map(async (slot, worker) => {
          const { context, page, signs } = await watchedPage(slot.storage);
          try {
            const mine = [...xssPayloads.keys()].filter((index) => index % slots.length === worker);
            for (const round of chunks(texts(mine, path.perText), path.perView)) {
              const places = new Map<string, { place: Place; indices: number[] }>();
              for (const text of round) {
                const place = await slot.store(text.map((index) => wrap(index, xssPayloads[index] as string)).join(''));
                const seen = places.get(place.key) ?? { place, indices: [] };
                seen.indices.push(...text);
                places.set(place.key, seen);
              }
              for (const { place, indices } of places.values()) {
                await place.open(page, indices);
                await waitForProbes(page, path.containers, indices);
                const label = `${slot.label}, ${place.key}:\n${indices.map((i) => xssPayloads[i]).join('\n')}`;
                await expectNothingRan(page, signs, path.containers, label);
              }
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
        const [slot] = await path.slots(server, accounts);
        if (!slot) throw new Error(`${path.name} has no place to store text`);
        // All payloads in one text: what one payload's broken markup swallows, the page check above covers.
        const place = await slot.store(xssPayloads.map((payload, index) => wrap(index, payload)).join('\n'));
        const { context, page, signs } = await watchedPage({ ...slot.storage, ...signedIn(accounts.admin) });
        try {
          await place.open(page, [0]);
          await waitForProbes(page, path.containers, [0]);
          await page.getByTestId('page-edit-toggle').click();
          const editor = page.locator('main [contenteditable="true"]').first();
          await editor.waitFor({ timeout: 15_000 });
          await expect.poll(() => editor.textContent()).toContain(probe(1));
          await editor.hover();
          await expectNothingRan(page, signs, ['main [contenteditable="true"]'], 'in the editor');
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
