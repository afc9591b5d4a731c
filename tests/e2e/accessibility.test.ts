import { describe, it } from 'vitest';
import { e2eAvailable, expectAccessible, gotoPage, newContext, signInViaApi, useBrowser } from './support/browser';
import { demo } from './support/constants';

const publicPages = [
  '/',
  '/login',
  '/register',
  '/verify-email',
  '/password-recovery',
  '/password-recovery/not-a-real-code',
  '/Home',
  '/News',
  '/News/1',
  '/faq',
  '/terms-of-service',
  '/privacy',
  '/denied',
  '/404',
];

describe.skipIf(!e2eAvailable)('accessibility (axe-core, serious and critical)', () => {
  const browser = useBrowser();

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const locale of ['en', 'sv'] as const) {
      it(`public pages in ${colorScheme} theme, ${locale}`, async () => {
        const context = await newContext(browser(), { colorScheme, storage: { userLocale: locale } });
        const page = await context.newPage();
        for (const path of publicPages) {
          await gotoPage(page, path);
          await page.waitForLoadState('networkidle');
          await expectAccessible(page, `${path} (${colorScheme}, ${locale})`);
        }
        await context.close();
      });
    }

    it(`signed-in pages, the drawer and the cookie banner in ${colorScheme} theme`, async () => {
      const context = await newContext(browser(), { colorScheme, storage: { cookie_consent: '' } });
      await context.addInitScript(() => {
        if (localStorage.getItem('cookie_consent') === '') localStorage.removeItem('cookie_consent');
      });
      await signInViaApi(context, demo.admin);
      const page = await context.newPage();
      for (const path of ['/Home', '/versions', '/faq']) {
        await gotoPage(page, path);
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, `${path} as admin (${colorScheme})`);
      }
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').waitFor();
      await expectAccessible(page, `drawer (${colorScheme})`);
      await context.close();
    });

    it(`pages at phone width in ${colorScheme} theme`, async () => {
      const context = await newContext(browser(), { colorScheme, phone: true });
      await signInViaApi(context, demo.student);
      const page = await context.newPage();
      for (const path of ['/', '/Home', '/News', '/faq', '/404']) {
        await gotoPage(page, path);
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, `${path} phone (${colorScheme})`);
      }
      await context.close();
    });
  }
});
