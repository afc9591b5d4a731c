import { describe, expect, it } from 'vitest';
import {
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { demo } from './support/constants';

describe.skipIf(!e2eAvailable)('the shop: /products and /product/:slug', () => {
  const browser = useBrowser();

  it('a visitor opens the products from the menu, filters them by kind and opens one: its courses, price and buy box', {
    timeout: 60_000,
  }, async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await gotoPage(page, '/faq');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Products' }).click();
    await page.waitForURL(/\/products$/);
    await settle(page);
    const cards = page.getByTestId('product-card');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(3);
    await page.mouse.move(700, 850);
    await expectAccessible(page, '/products');
    const kinds = page.getByRole('radiogroup', { name: 'Show' });
    await kinds.getByText('Bundle', { exact: true }).click();
    expect(await kinds.getByRole('radio', { name: 'Bundle' }).isChecked()).toBe(true);
    await expect
      .poll(async () => await cards.evaluateAll((all) => all.map((c) => c.getAttribute('data-slug'))))
      .toEqual(['producer-bundle']);
    expect(await cards.first().getByTestId('product-price').textContent()).toBe('€79.00 incl. VAT');
    await kinds.getByText('Everything', { exact: true }).click();

    await page.getByRole('link', { name: 'Music production basics' }).click();
    await page.waitForURL(/\/product\/music-production-basics$/);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Music production basics');
    await settle(page);
    const course = page.getByTestId('product-course').first();
    expect(await course.textContent()).toContain('Welcome to the course');
    const buy = page.getByTestId('buy-box');
    expect(await buy.getByTestId('product-price').textContent()).toBe('€49.00 incl. VAT');
    expect(await buy.getByText('12 months of access').count()).toBe(1);
    expect(await buy.getByRole('button', { name: 'Buy' }).isDisabled()).toBe(true);
    expect(await buy.getByTestId('shop-closed').textContent()).toContain('The shop is not open yet');
    await expectAccessible(page, '/product/:slug');

    await gotoPage(page, '/product/no-such-product');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('No such product');
    await context.close();
  });

  it('the demo student owns the course she has; a Swedish visitor reads the shop in Swedish, dark', {
    timeout: 60_000,
  }, async () => {
    const student = await newContext(browser());
    await signInViaApi(student, demo.student);
    const page = await student.newPage();
    await gotoPage(page, '/product/music-production-basics');
    await settle(page);
    await page.getByTestId('product-owned').waitFor();
    expect(await page.getByRole('link', { name: 'Go to My courses' }).getAttribute('href')).toBe('/MyCourses');
    await student.close();

    const swede = await newContext(browser(), { colorScheme: 'dark', storage: { userLocale: 'sv' } });
    const sv = await swede.newPage();
    await gotoPage(sv, '/product/music-production-basics');
    await expect.poll(() => sv.locator('h1').first().textContent()).toBe('Grunderna i musikproduktion');
    await settle(sv);
    expect((await sv.getByTestId('buy-box').getByTestId('product-price').textContent())?.replace(/\s/g, ' ')).toBe(
      '49,00 € inkl. moms',
    );
    await expectAccessible(sv, '/product/:slug in Swedish (dark)');
    await swede.close();
  });
});
