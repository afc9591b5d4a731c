import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identity as en } from '../../src/shared/i18n/en/identity';
import { identity as sv } from '../../src/shared/i18n/sv/identity';
import { e2eAvailable, gotoPage, newContext, useBrowser } from './support/browser';

describe.skipIf(!e2eAvailable)('the hint for a password that is easy to guess', () => {
  const browser = useBrowser();

  for (const [locale, texts, labels] of [
    ['en-US', en, { first: 'First name', last: 'Last name', email: 'Email', password: 'Password' }],
    ['sv-SE', sv, { first: 'Förnamn', last: 'Efternamn', email: 'E-post', password: 'Lösenord' }],
  ] as const) {
    it(`the registration form shows the server's reason and hint (${locale})`, async () => {
      const context = await newContext(browser(), { locale });
      const page = await context.newPage();
      await gotoPage(page, '/register');
      await page.getByLabel(labels.first, { exact: false }).fill('Greta');
      await page.getByLabel(labels.last, { exact: false }).fill('Garbo');
      await page
        .getByLabel(labels.email, { exact: false })
        .first()
        .fill(`hint-${randomBytes(4).toString('hex')}@example.test`);
      // Long enough for the form's own rules; only the server's estimator finds it easy to guess.
      await page.getByLabel(labels.password, { exact: false }).first().fill('Password123!');
      await page.getByRole('checkbox').check();
      await page.locator('main form button[type="submit"]').click();

      const field = page.getByText(`${texts.password.problems.EASY_TO_GUESS} ${texts.password.hints.similarToCommon}`);
      await field.first().waitFor();
      expect(await field.count()).toBeGreaterThan(0);
    });
  }
});
