import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  expectAccessibleEverywhere,
  gotoPage,
  newContext,
  platform,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { DEMO_PASSWORD, demo } from './support/constants';

/** The server's day (UTC), as the books date what they post. */
const today = () => new Date().toISOString().slice(0, 10);

/** Starts a download with `click` and answers its file name and its first bytes. */
async function downloaded(page: Page, button: Locator): Promise<{ name: string; head: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = await readFile(await download.path());
  return { name: download.suggestedFilename(), head: bytes.subarray(0, 7).toString('latin1') };
}

describe.skipIf(!e2eAvailable)('the books: /accounting, /invoices, /customers', () => {
  const browser = useBrowser();
  /** A name of this file's own, so the searches find only its customer. */
  const tag = `Ledger${randomBytes(3).toString('hex')}`;
  let invoiceNumber = 0;

  beforeAll(async () => {
    const { token } = await platform.ok('login.php', 'sign_in', { email: demo.admin, password: DEMO_PASSWORD });
    const customer = await apiCall(
      'accounting.php',
      'save_customer',
      {
        Kind: 'consumer',
        Name: `Agda ${tag}`,
        Address: 'Storgatan 1\n111 22 Stockholm',
        Country: 'SE',
        Email: `agda-${tag}@e2e.test`.toLowerCase(),
        Language: 'en',
      },
      token,
    );
    if (customer.status !== 'OK') throw new Error(`no customer: ${JSON.stringify(customer)}`);
    // Three workshop seats at €125.00 with Swedish VAT inside: a sale on 3041 and a receivable on 1510.
    const invoice = await apiCall(
      'accounting.php',
      'create_invoice',
      {
        CustomerId: customer.data.Id,
        TaxCategory: 'electronic',
        Lines: [{ Description: `Workshop seats ${tag}`, Quantity: 3, UnitCents: 12_500 }],
      },
      token,
    );
    if (invoice.status !== 'OK') throw new Error(`no invoice: ${JSON.stringify(invoice)}`);
    invoiceNumber = invoice.data.Number ?? 0;
    // The owner puts 10,000 kr into the company's account.
    const voucher = await apiCall(
      'accounting.php',
      'post_voucher',
      {
        Date: today(),
        Text: `Owner's deposit ${tag}`,
        Lines: [
          { Account: 1930, AmountOre: 1_000_000 },
          { Account: 2081, AmountOre: -1_000_000 },
        ],
      },
      token,
    );
    if (voucher.status !== 'OK') throw new Error(`no voucher: ${JSON.stringify(voucher)}`);
  });

  it('an administrator reads the reports, exports the SIE file, downloads and credits an invoice, and finds the customer', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser());
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    const heading = (text: string) => page.locator('main h1').filter({ hasText: text }).waitFor();

    // The reports of this year hold the sale and the deposit.
    await gotoPage(page, '/accounting');
    await settle(page);
    const income = page.getByTestId('report-income');
    const balance = page.getByTestId('report-balance');
    await income.locator('tr[data-account="3041"]').waitFor();
    await balance.locator('tr[data-account="1510"]').waitFor();
    await balance.locator('tr[data-account="1930"]').waitFor();
    expect(await income.getByTestId('report-income-total').textContent()).toContain('Result');

    // The deposit among the period's vouchers; the SIE file of the year.
    await page.getByRole('tab', { name: 'Vouchers' }).click();
    const deposit = page.getByTestId('voucher').filter({ hasText: `Owner's deposit ${tag}` });
    await deposit.waitFor();
    // The bank's receipt attached to it, kept as it came, listed with the voucher as a download.
    await deposit.locator('input[type=file]').setInputFiles({
      name: 'insättning.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% deposit\n%%EOF\n'),
    });
    const attachment = deposit.getByTestId('voucher-attachment');
    await attachment.waitFor();
    expect(await attachment.textContent()).toContain('insättning.pdf');
    const receipt = await downloaded(page, attachment);
    expect(receipt.name).toBe('insättning.pdf');
    expect(receipt.head).toBe('%PDF-1.');
    // The audit trail: the attachment on top, by the administrator; nothing on the page edits it.
    await page.getByRole('tab', { name: 'Audit trail' }).click();
    const entry = page.getByTestId('audit-entry').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain('File attached');
    await expectAccessible(page, 'the audit trail');
    await page.getByRole('tab', { name: 'Export' }).click();
    const sie = await downloaded(page, page.getByTestId('export-sie').first());
    expect(sie.name).toMatch(/\.se$/);
    expect(sie.head).toBe('#FLAGGA');
    expect(await page.getByTestId('mainbook-link').getAttribute('href')).toBe('/accounting/mainbook');
    // The VAT tab: the OSS quarter matches its account; the VAT return and the EC sales list of the period.
    await page.getByRole('tab', { name: 'VAT' }).click();
    await expect.poll(() => page.getByTestId('oss-books').textContent()).toContain('it matches');
    await page.getByTestId('vat-return').locator('tr[data-box="49"]').waitFor();
    await expectAccessible(page, 'the VAT tab');
    await page.getByRole('tab', { name: 'Reports' }).click();
    await income.locator('tr[data-account="3041"]').waitFor();
    await expectAccessibleEverywhere(page, '/accounting', () => heading('Bokföring'));

    // The bank account's page of the main book, with the deposit on it.
    await gotoPage(page, '/accounting/mainbook?account=1930');
    await settle(page);
    await heading('Main book');
    await page.getByTestId('mainbook-account-section').getByText(`Owner's deposit ${tag}`).waitFor();
    await expectAccessibleEverywhere(page, '/accounting/mainbook', () => heading('Huvudbok'));

    // The invoice: opened from the list, its PDF, then credited in whole; the credit note joins the list.
    await gotoPage(page, '/invoices');
    await settle(page);
    await page.getByTestId('invoice-search').fill(tag);
    const rows = page.getByTestId('invoice-row');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByTestId('invoice-link').click();
    const drawer = page.getByTestId('invoice-detail');
    await drawer.waitFor();
    expect(await page.getByTestId('invoice-drawer-title').textContent()).toBe(`Invoice ${invoiceNumber}`);
    expect(await drawer.getByTestId('invoice-total').textContent()).toBe('€375.00');
    await expectAccessible(page, 'an invoice in the drawer');
    const pdf = await downloaded(page, drawer.getByTestId('invoice-download'));
    expect(pdf.name).toBe(`invoice-${invoiceNumber}.pdf`);
    expect(pdf.head.startsWith('%PDF')).toBe(true);
    await drawer.getByTestId('invoice-credit').click();
    const credit = page.getByTestId('credit-form');
    await credit.getByTestId('credit-reason').fill('The workshop was cancelled');
    await expectAccessible(page, 'the credit dialog');
    await credit.getByTestId('credit-submit').click();
    await page.getByText(/^Credit note \d+ issued\.$/).waitFor();
    await drawer.getByTestId('invoice-credit-note').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.locator('[data-testid="invoice-row"][data-kind="credit_note"]').count()).toBe(1);
    const invoiceRow = page.locator('[data-testid="invoice-row"][data-kind="invoice"]');
    expect(await invoiceRow.getByTestId('invoice-status').textContent()).toBe('Credited');
    await expectAccessibleEverywhere(page, '/invoices', () => heading('Fakturor'));

    // The customer, with both documents.
    await gotoPage(page, '/customers');
    await settle(page);
    await page.getByTestId('customer-search').fill(tag);
    await expect.poll(() => page.getByTestId('customer-link').allTextContents()).toEqual([`Agda ${tag}`]);
    await page.getByTestId('customer-link').first().click();
    const customer = page.getByTestId('customer-detail');
    await expect.poll(() => customer.getByTestId('invoice-row').count()).toBe(2);
    await expectAccessible(page, 'a customer in the drawer');
    await page.keyboard.press('Escape');
    await customer.waitFor({ state: 'detached' });
    await expectAccessibleEverywhere(page, '/customers', () => heading('Kunder'));
    await context.close();
  });
  it('an administrator resolves a Stripe payout and takes a PayPal settlement report that pays an invoice', {
    timeout: 120_000,
  }, async () => {
    const { token } = await platform.ok('login.php', 'sign_in', { email: demo.admin, password: DEMO_PASSWORD });
    const customer = await apiCall(
      'accounting.php',
      'save_customer',
      {
        Kind: 'company',
        Name: `Paypal ${tag} AB`,
        Address: 'Storgatan 2\n111 22 Stockholm',
        Country: 'SE',
        Email: `paypal-${tag}@e2e.test`.toLowerCase(),
        Language: 'en',
      },
      token,
    );
    const invoice = await apiCall(
      'accounting.php',
      'create_invoice',
      {
        CustomerId: customer.data.Id,
        TaxCategory: 'electronic',
        Lines: [{ Description: 'Workshop', Quantity: 1, UnitCents: 8000 }],
      },
      token,
    );
    const stamp = `${today().replaceAll('-', '/')} 09:00:00 +0000`;
    const report = [
      `"RH","${stamp}","A","E2E${tag}",009`,
      `"SH","${stamp}","${stamp}","E2E${tag}",""`,
      '"CH","Transaction ID","Invoice ID","Transaction Event Code","Transaction Initiation Date",' +
        '"Transaction Completion Date","Transaction  Debit or Credit","Gross Transaction Amount",' +
        '"Gross Transaction Currency","Fee Debit or Credit","Fee Amount","Fee Currency","Custom Field"',
      `"SB","7E2E0001","${invoice.data.Number}","T0006","${stamp}","${stamp}","CR","10000","EUR","DR","374","EUR",""`,
      `"SB","7E2E0002","","T0006","${stamp}","${stamp}","CR","1500","EUR","DR","81","EUR",""`,
      '"SF","EUR","CR","11500","DR","0","DR","455"',
      '"RF","EUR","CR","11500","DR","0","DR","455"',
    ].join('\n');

    const context = await newContext(browser());
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    const heading = (text: string) => page.locator('main h1').filter({ hasText: text }).waitFor();

    // The demo year's payouts: all booked but the last, whose unknown charge waits for a person.
    await gotoPage(page, '/accounting');
    await settle(page);
    await page.getByRole('link', { name: 'Stripe payouts' }).click();
    await heading('Stripe payouts');
    const rows = page.getByTestId('settlement-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(5);
    const waiting = rows.filter({ hasText: 'To resolve' });
    await expect.poll(() => waiting.count()).toBe(1);
    await waiting.getByRole('button').click();
    const drawer = page.getByTestId('settlement-drawer');
    const resolve = drawer.getByTestId('resolve-line');
    await resolve.waitFor();
    await expectAccessible(page, 'a payout in the drawer');
    await resolve.getByLabel('Belongs to').click();
    await page.getByRole('option', { name: 'An account' }).click();
    await resolve.getByTestId('resolve-number').fill('3740');
    await resolve.getByTestId('resolve-submit').click();
    await resolve.waitFor({ state: 'detached' });
    await drawer.getByText('Account 3740').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => waiting.count()).toBe(0);
    await expectAccessibleEverywhere(page, '/sp', () => heading('Utbetalningar från Stripe'));

    // PayPal: the day's report uploaded; the invoice is paid by it, the unknown payment placed on an account.
    await gotoPage(page, '/pp');
    await settle(page);
    await heading('PayPal settlements');
    await page.locator('input[type=file]').setInputFiles({
      name: `STL-${tag}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(report),
    });
    const lines = drawer.getByTestId('settlement-lines');
    await lines.waitFor();
    await lines.getByText(`Invoice ${invoice.data.Number}`).waitFor();
    const other = drawer.getByTestId('resolve-line');
    await other.getByLabel('Belongs to').click();
    await page.getByRole('option', { name: 'An account' }).click();
    await other.getByTestId('resolve-number').fill('3740');
    await other.getByTestId('resolve-submit').click();
    await other.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await expect
      .poll(() =>
        page
          .getByTestId('settlement-row')
          .filter({ hasText: `E2E${tag}` })
          .textContent(),
      )
      .toContain('Booked');
    await expectAccessibleEverywhere(page, '/pp', () => heading('Avräkningar från PayPal'));
    const paid = await apiCall('accounting.php', 'get_invoice', { Id: invoice.data.Id }, token);
    expect(paid.data).toMatchObject({ Status: 'paid', PaidCents: 10_000 });
    await context.close();
  });
});
