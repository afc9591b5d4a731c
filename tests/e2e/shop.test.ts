import { describe, expect, it } from 'vitest';
import {
  apiCall,
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

  it('an administrator edits a product in Swedish in /productlist; the shop shows it in Swedish', {
    timeout: 60_000,
  }, async () => {
    const context = await newContext(browser());
    const { token } = await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, '/productlist');
    await settle(page);
    await expectAccessible(page, '/productlist');
    const before = (await apiCall('products.php', 'get_product_list', {}, token)).Products.find(
      (p) => p.Slug === 'producer-bundle',
    );
    if (!before) throw new Error('the demo bundle is missing');
    const original = (await apiCall('products.php', 'get_product_admin', { ProductId: before.Id }, token)).Product;
    await page.getByTestId('product-list').getByRole('link', { name: 'Producer bundle' }).click();
    await page.waitForURL(new RegExp(`/productlist/${before.Id}$`));
    const editor = page.getByTestId('product-editor');
    await editor.waitFor();
    await expect.poll(() => editor.getByTestId('product-name').inputValue()).toBe('Producer bundle');
    await editor.getByTestId('product-language').getByText('Swedish', { exact: true }).click();
    await expect.poll(() => editor.getByTestId('product-name').inputValue()).toBe('Producentpaketet');
    await editor.getByTestId('product-name').fill('Producentpaketet, allt i ett');
    await expectAccessible(page, 'the product editor');
    await editor.getByTestId('product-save').click();
    await page.getByText('Product saved.').waitFor();

    const swede = await newContext(browser(), { storage: { userLocale: 'sv' } });
    const sv = await swede.newPage();
    await gotoPage(sv, '/product/producer-bundle');
    await expect.poll(() => sv.locator('h1').first().textContent()).toBe('Producentpaketet, allt i ett');
    await swede.close();
    // The demo bundle as it was, for whatever runs next.
    const { Archived: _archived, ...restore } = original;
    await apiCall('products.php', 'save_product', { Product: restore }, token);
    await context.close();
  });
});
