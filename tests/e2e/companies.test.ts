import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/platform/db';
import { createCompany, createUser } from '../../src/server/seed/factories';
import { DEMO_COMPANY } from '../../src/server/seed/index';
import { cheapPasswordHash } from '../factories';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  serverDatabase,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { DEMO_PASSWORD, demo } from './support/constants';

describe.skipIf(!e2eAvailable)('/admin/companies', () => {
  const browser = useBrowser();
  /** A name of this file's own, so other files' users and companies do not match its searches. */
  const tag = `Quill${randomBytes(3).toString('hex')}`;
  const learnerEmail = `klara-${tag}@e2e.test`.toLowerCase();
  const coachEmail = `conny-${tag}@e2e.test`.toLowerCase();
  const badgeCompany = `Badge ${tag} AB`;
  let db: Db;
  let siteId: number;

  beforeAll(async () => {
    db = serverDatabase();
    const site = await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirstOrThrow();
    siteId = site.id;
    const passwordHash = cheapPasswordHash(DEMO_PASSWORD);
    await createUser(db, {
      site,
      role: 'student',
      firstName: 'Klara',
      lastName: tag,
      email: learnerEmail,
      passwordHash,
    });
    const company = await createCompany(db, { site, name: badgeCompany, seats: 3 });
    await createUser(db, {
      site,
      role: 'coach',
      firstName: 'Conny',
      lastName: tag,
      email: coachEmail,
      passwordHash,
      companyId: company.id,
    });
  });
  afterAll(() => db.destroy());

  it('an administrator creates a company, adds a user through the picker and sees the count', {
    timeout: 90_000,
  }, async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, '/admin/companies');
    await settle(page);
    await page.getByTestId('company-row').first().waitFor();
    await expectAccessible(page, '/admin/companies');
    // The seed's company is listed with its seats in use.
    await page.getByTestId('company-search').fill('nordic');
    await expect.poll(() => page.getByTestId('company-name').allTextContents()).toEqual([DEMO_COMPANY.name]);
    expect(await page.getByTestId('company-seats').first().textContent()).toBe('1 of 5');
    await page.getByTestId('company-search').fill('');

    // A new company: a wrong field is named before anything is sent; Enter saves.
    await page.getByRole('button', { name: 'New company' }).click();
    const drawer = page.getByRole('dialog', { name: 'New company' });
    await drawer.waitFor();
    await page.getByTestId('company-form-name').fill(`Acme ${tag}`);
    await page.getByTestId('company-form-seats').fill('2');
    await page.getByTestId('company-form-email').fill('not an address');
    await page.getByTestId('company-form-submit').click();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByTestId('company-form-email').fill(`boss@acme-${tag}.test`.toLowerCase());
    await page.getByTestId('company-form-email').press('Enter');
    await page.getByText(`The company Acme ${tag} is created.`).waitFor();
    await expect.poll(() => page.getByTestId('company-drawer-title').textContent()).toBe(`Acme ${tag}`);
    expect(new URL(page.url()).searchParams.get('company')).toMatch(/^\d+$/);
    expect(await page.getByTestId('company-user-count').textContent()).toBe('0 users');

    // The picker finds Klara by her name as one types, and adds her.
    const picker = page.getByTestId('company-add-picker');
    await picker.pressSequentially(`klara ${tag}`, { delay: 20 });
    const option = page.getByRole('option', { name: new RegExp(`Klara ${tag}`) });
    await option.waitFor();
    await expectAccessible(page, '/admin/companies, the picker open');
    await option.click();
    await page.getByTestId('company-add-submit').click();
    await page.getByText('1 user added.').waitFor();
    await expect.poll(() => page.getByTestId('company-user-count').textContent()).toBe('1 user');
    expect(await page.getByTestId('company-user').allTextContents()).toEqual([expect.stringContaining(`Klara ${tag}`)]);
    expect(await page.getByText('1 seat left.').count()).toBe(1);
    await expectAccessible(page, '/admin/companies, a company in the drawer');

    // Closed with Escape, the list shows the company with its seats in use.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.getByTestId('company-search').fill(tag);
    await expect.poll(() => page.getByTestId('company-name').allTextContents()).toEqual([`Acme ${tag}`, badgeCompany]);
    expect(await page.getByTestId('company-seats').allTextContents()).toEqual(['1 of 2', '1 of 3']);
    const stored = await db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select('companies.name')
      .where('users.email', '=', learnerEmail)
      .executeTakeFirst();
    expect(stored).toEqual({ name: `Acme ${tag}` });
    await context.close();
  });

  it('shows the company badge to staff with a company and none to a student with one', {
    timeout: 60_000,
  }, async () => {
    const coach = await newContext(browser());
    await signInViaApi(coach, coachEmail);
    const coachPage = await coach.newPage();
    await gotoPage(coachPage, '/Tasks');
    await coachPage.getByTestId('xp-total').waitFor();
    await expect.poll(() => coachPage.getByTestId('role-badge').textContent()).toBe(badgeCompany);
    await coach.close();

    // The demo student is a user of the seed's company.
    const student = await newContext(browser());
    await signInViaApi(student, demo.student);
    const studentPage = await student.newPage();
    await gotoPage(studentPage, '/MyCourses');
    await studentPage.getByTestId('xp-total').waitFor();
    expect(await studentPage.getByTestId('role-badge').count()).toBe(0);
    expect(await studentPage.getByText(DEMO_COMPANY.name).count()).toBe(0);
    await student.close();
  });

  it('removes a user from a company, and deletes it once it has none', { timeout: 60_000 }, async () => {
    const context = await newContext(browser());
    const { token } = await signInViaApi(context, demo.admin);
    const leaving = await createUser(db, {
      site: { id: siteId },
      role: 'student',
      firstName: 'Lova',
      lastName: tag,
      email: `lova-${tag}@e2e.test`.toLowerCase(),
      passwordHash: cheapPasswordHash(DEMO_PASSWORD),
    });
    const made = await apiCall('companies.php', 'save_company', { Name: `Short-lived ${tag}`, Seats: 1 }, token);
    if (made.status !== 'OK') throw new Error('no company');
    await apiCall('companies.php', 'add_company_users', { CompanyId: made.data.Id, UserIds: [leaving.id] }, token);
    const page = await context.newPage();
    await gotoPage(page, `/admin/companies?company=${made.data.Id}`);
    await page.getByTestId('company-user').first().waitFor();
    // Deleting waits until its users are gone, and says so.
    expect(await page.getByTestId('company-delete').isDisabled()).toBe(true);
    await page.getByText('A company with users cannot be deleted: remove its 1 user first.').waitFor();
    expect(await page.getByText('No seats left: raise the seats to add users.').count()).toBe(1);

    await page.getByRole('button', { name: `Remove Lova ${tag} from the company` }).click();
    await page.getByText(`Lova ${tag} is no longer in the company.`).waitFor();
    await expect.poll(() => page.getByTestId('company-user-count').textContent()).toBe('0 users');
    await page.getByTestId('company-delete').click();
    await page.getByTestId('company-delete-confirm').click();
    await page.getByText(`The company Short-lived ${tag} is deleted.`).waitFor();
    await page.getByTestId('company-form').waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('company')).toBeNull();
    expect(
      await db.selectFrom('companies').select('id').where('id', '=', made.data.Id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await db.selectFrom('users').select('company_id').where('id', '=', leaving.id).executeTakeFirst()).toEqual({
      company_id: null,
    });
    await context.close();
  });

  for (const look of [
    { phone: true, colorScheme: 'dark', locale: 'sv-SE', count: 'företag' },
    { phone: false, colorScheme: 'dark', locale: 'en-US', count: 'compan' },
    { phone: false, colorScheme: 'light', locale: 'sv-SE', count: 'företag' },
  ] as const) {
    it(`reads well ${look.phone ? 'on a phone' : 'on a desktop'}, ${look.colorScheme}, in ${look.locale}`, {
      timeout: 60_000,
    }, async () => {
      const context = await newContext(browser(), look);
      await signInViaApi(context, demo.admin);
      const page = await context.newPage();
      const company = await db
        .selectFrom('companies')
        .select('id')
        .where('site_id', '=', siteId)
        .where('name', '=', badgeCompany)
        .executeTakeFirstOrThrow();
      await gotoPage(page, `/admin/companies?q=${tag}`);
      await settle(page);
      await expect.poll(() => page.getByTestId('company-count').textContent()).toContain(look.count);
      await expectAccessible(page, `/admin/companies ${JSON.stringify(look)}`);
      await gotoPage(page, `/admin/companies?company=${company.id}`);
      await expect.poll(() => page.getByTestId('company-drawer-title').textContent()).toBe(badgeCompany);
      await page.getByTestId('company-user').first().waitFor();
      await expectAccessible(page, `/admin/companies, a company ${JSON.stringify(look)}`);
      await context.close();
    });
  }
});
