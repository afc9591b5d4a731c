import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate } from '../../src/server/modules/learning/services/certificates';
import { createCourse, createUser, grantAccess } from '../../src/server/seed/factories';
import { cheapPasswordHash } from '../factories';
import {
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  serverDatabase,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { DEMO_PASSWORD } from './support/constants';

interface Certified {
  email: string;
  courseName: string;
  code: string;
}

/** A learner named outside Latin-1 with a certificate, built on the platform's database like the course world. */
async function createCertifiedLearner(): Promise<Certified> {
  const db = serverDatabase();
  const tag = randomBytes(3).toString('hex');
  try {
    const site = await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirstOrThrow();
    const email = `zaneta-${tag}@e2e.test`;
    const passwordHash = cheapPasswordHash(DEMO_PASSWORD);
    const user = await createUser(db, { site, email, passwordHash, firstName: 'Żaneta', lastName: 'Łucja' });
    const courseName = `Mixing for beginners ${tag}`;
    const course = await createCourse(db, { site, name: courseName, certificateMonths: 12 });
    await grantAccess(db, { site, course, user });
    await issueCertificate(db, {
      siteId: site.id,
      userId: user.id,
      course: { id: course.id, certificate_validity_months: 12 },
    });
    const { code } = await db
      .selectFrom('certificates')
      .select('code')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { email, courseName, code };
  } finally {
    await db.destroy();
  }
}

describe.skipIf(!e2eAvailable)('certificates', () => {
  const browser = useBrowser();
  let certified: Certified;
  beforeAll(async () => {
    certified = await createCertifiedLearner();
  });

  const views = [
    { language: 'en', colorScheme: 'light', phone: false, title: 'Certificate check', state: 'Valid' },
    { language: 'sv', colorScheme: 'dark', phone: true, title: 'Kontroll av certifikat', state: 'Giltigt' },
  ] as const;
  for (const view of views) {
    it(`anyone holding the code sees the certificate confirmed (${view.language}, ${view.colorScheme}, ${view.phone ? 'phone' : 'desktop'})`, async () => {
      const context = await newContext(browser(), {
        colorScheme: view.colorScheme,
        phone: view.phone,
        storage: { userLocale: view.language },
      });
      const page = await context.newPage();
      // As typed from the paper, in lower case.
      await gotoPage(page, `/certificate/${certified.code.toLowerCase()}`);
      await settle(page, { heading: false });
      expect(await page.locator('main h1').textContent()).toBe(view.title);
      const confirmation = page.getByTestId('certificate-check');
      await confirmation.waitFor();
      expect(await confirmation.getByRole('heading', { level: 2 }).textContent()).toBe('Żaneta Łucja');
      expect(await confirmation.getByTestId('certificate-state').textContent()).toBe(view.state);
      expect(await confirmation.getByText(certified.courseName).count()).toBe(1);
      expect(await confirmation.getByText(certified.code).count()).toBe(1);
      await expectAccessible(page, `certificate check (${view.language}, ${view.colorScheme})`);
      await context.close();
    });
  }

  it('an unknown code says there is no such certificate', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await gotoPage(page, '/certificate/NOSUCHCODE12');
    await settle(page, { heading: false });
    expect(await page.locator('main h1').textContent()).toBe('No such certificate');
    expect(await page.getByText('No certificate with the number NOSUCHCODE12 was issued here.').count()).toBe(1);
    await context.close();
  });

  it('too many checks from one address are told to wait', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.route('**/api/backend/certificates.php', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: '{"status":"ERROR","error_code":"TOO_MANY_REQUESTS","retry_after":60}',
      }),
    );
    await gotoPage(page, `/certificate/${certified.code}`);
    await page.getByText('Too many requests. Please wait a moment and try again.').waitFor();
    expect(await page.locator('main h1').textContent()).toBe('Certificate check');
    await context.close();
  });

  it('a learner whose app is in Swedish downloads a Swedish certificate and finds its public page', async () => {
    // The browser itself asks for English: the app's language is what counts.
    const context = await newContext(browser(), { locale: 'en-US', storage: { userLocale: 'sv' } });
    await signInViaApi(context, certified.email);
    const page = await context.newPage();
    await gotoPage(page, '/MyProfile');
    const card = page.getByTestId('certificate').filter({ hasText: certified.courseName });
    await card.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: `Ladda ner certifikatet för ${certified.courseName}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `certifikat-mixing-for-beginners-${certified.courseName.split(' ').at(-1)}.pdf`,
    );

    await card.getByRole('link', { name: `Kontrollsida för certifikatet för ${certified.courseName}` }).click();
    await page.getByTestId('certificate-check').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/certificate/${certified.code}`);
    expect(await page.getByTestId('certificate-state').textContent()).toBe('Giltigt');
    await context.close();
  });
});
