import { describe, expect, it } from 'vitest';
import {
  apiCall,
  e2eAvailable,
  expectAccessible,
  gotoPage,
  newContext,
  platform,
  settle,
  signInViaApi,
  useBrowser,
} from './support/browser';
import { DEMO_PASSWORD, demo } from './support/constants';
import { registerAccount, signIn, verificationCode } from './support/learners';

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
    await expect.poll(() => kinds.getByRole('radio', { name: 'Bundle' }).isChecked()).toBe(true);
    // The kind is in the address: a link can lead to one kind (the coaching page's to its packages).
    await page.waitForURL(/\/products\?kind=bundle$/);
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
    // A visitor signs in to buy, and comes back here.
    expect(await buy.getByRole('link', { name: 'Sign in to buy' }).getAttribute('href')).toBe(
      '/login?triedUrl=%2Fproduct%2Fmusic-production-basics',
    );
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

describe.skipIf(!e2eAvailable)('buying: sign in, a discount code, the payment page, the course in My courses', () => {
  const browser = useBrowser();

  it('a visitor signs in to buy, pays with a discount, finds the course in My courses and her purchase on My profile; an administrator refunds it', {
    timeout: 120_000,
  }, async () => {
    const { email } = await registerAccount({ first: 'Bea', last: 'Buyer' });
    expect((await apiCall('register.php', 'verify_email', { code: await verificationCode(email) })).status).toBe('OK');
    const admin = await signIn(demo.admin);
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const product = (await apiCall('products.php', 'get_product', { Slug: 'music-production-basics' })).Product;
    await apiCall(
      'shop.php',
      'save_discount_code',
      { Code: { Id: 0, Code: code, Kind: 'percent', Amount: 20, ProductId: product.Id } },
      admin.token,
    );

    const context = await newContext(browser());
    const page = await context.newPage();
    await gotoPage(page, '/product/music-production-basics');
    await settle(page);
    await page.getByTestId('buy-box').getByRole('link', { name: 'Sign in to buy' }).click();
    await page.waitForURL(/\/login\?triedUrl=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: false }).first().fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/product\/music-production-basics$/);
    const buy = page.getByTestId('buy-box');
    await buy.getByRole('button', { name: 'I have a discount code' }).click();
    await buy.getByLabel('Discount code').fill('nope');
    await buy.getByRole('button', { name: 'Apply' }).click();
    await buy.getByText('There is no such discount code.').waitFor();
    await buy.getByLabel('Discount code').fill(code.toLowerCase());
    await buy.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => buy.getByTestId('discounted-price').textContent())
      .toBe('With the code: €39.20 (you save €9.80)');
    await expectAccessible(page, 'the buy box with a discount');

    await buy.getByRole('button', { name: 'Buy' }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    expect(await page.getByTestId('fake-amount').textContent()).toBe('€39.20');
    await page.getByRole('button', { name: 'Pay €39.20' }).click();
    await page.waitForURL(/\/product\/music-production-basics\?order=\d+$/);
    await page.getByTestId('order-paid').waitFor();
    await page.getByTestId('product-owned').waitFor();
    await expectAccessible(page, '/product/:slug back from payment');
    await page.getByTestId('order-paid').getByRole('link', { name: 'Go to My courses' }).click();
    await page.waitForURL(/\/MyCourses$/);
    await page
      .getByTestId('course-card')
      .filter({ hasText: product.Courses[0]?.Name ?? '' })
      .waitFor();

    await gotoPage(page, '/MyProfile');
    const purchases = page.getByTestId('purchases');
    await purchases.waitFor();
    expect(await purchases.textContent()).toContain('Music production basics');
    expect(await purchases.textContent()).toContain('€39.20');

    // The administrator refunds it from the product's sales; the course is hers no more.
    const adminContext = await newContext(browser());
    await signInViaApi(adminContext, demo.admin);
    const adminPage = await adminContext.newPage();
    await gotoPage(adminPage, `/productlist/${product.Id}`);
    const sales = adminPage.getByTestId('sales');
    await sales.waitFor();
    const row = sales.getByRole('row').filter({ hasText: email });
    expect(await row.getByText('Paid', { exact: true }).count()).toBe(1);
    await expectAccessible(adminPage, 'the product editor with its sales');
    await row.getByRole('button', { name: 'Refund' }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Refund €39.20' }).click();
    await adminPage.getByText('The order is refunded.').waitFor();
    await expect.poll(() => row.getByText('Refunded', { exact: true }).count()).toBe(1);
    await adminContext.close();

    await gotoPage(page, '/product/music-production-basics');
    await settle(page);
    await buy.getByRole('button', { name: 'Buy' }).waitFor();
    expect(await page.getByTestId('product-owned').count()).toBe(0);
    await context.close();
  });

  it('a buyer whose company the school invoices pays by invoice: the bundle is hers at once', {
    timeout: 60_000,
  }, async () => {
    const { email } = await registerAccount({ first: 'Ida', last: 'Invoiced' });
    expect((await apiCall('register.php', 'verify_email', { code: await verificationCode(email) })).status).toBe('OK');
    const buyer = await signIn(email);
    const admin = await signIn(demo.admin);
    const name = `Studio ${Date.now().toString(36)} AB`;
    const company = (await apiCall('companies.php', 'save_company', { Name: name, Seats: 3 }, admin.token)).data;
    await apiCall(
      'companies.php',
      'add_company_users',
      { CompanyId: company.Id, UserIds: [buyer.userId] },
      admin.token,
    );
    await apiCall(
      'accounting.php',
      'save_customer',
      {
        Kind: 'company',
        Name: name,
        Address: 'Storgatan 1\n111 22 Stockholm',
        Country: 'SE',
        OrgNumber: '556036-0793',
        Email: 'billing@studio.example',
        Language: 'sv',
        CompanyId: company.Id,
      },
      admin.token,
    );

    const context = await newContext(browser());
    await signInViaApi(context, email);
    const page = await context.newPage();
    await gotoPage(page, '/product/producer-bundle');
    await settle(page);
    const buy = page.getByTestId('buy-box');
    const invoice = buy.getByRole('button', { name: `Pay by invoice to ${name}` });
    await invoice.waitFor();
    await expectAccessible(page, 'the buy box with paying by invoice');
    await invoice.click();
    await page.getByTestId('product-owned').waitFor();
    const invoices = await apiCall('accounting.php', 'get_invoices', { Search: name }, admin.token);
    expect(invoices.data[0]).toMatchObject({ Payment: 'invoice', Status: 'sent', NetCents: 6320, VatCents: 1580 });
    await context.close();
  });

  it('an administrator manages discount codes and the payment settings in /productlist, in both themes', {
    timeout: 60_000,
  }, async () => {
    const context = await newContext(browser(), { colorScheme: 'dark' });
    await signInViaApi(context, demo.admin);
    const page = await context.newPage();
    await gotoPage(page, '/productlist?tab=discounts');
    await settle(page);
    await page.getByRole('button', { name: 'New discount code' }).click();
    const form = page.getByTestId('discount-form');
    const code = `SPRING-${Date.now().toString(36).toUpperCase()}`;
    await form.getByLabel('Code').fill(code);
    await form.getByText('Amount off (EUR)').click();
    await form.getByRole('textbox', { name: 'Amount' }).fill('5');
    await form.getByLabel('Uses at most').fill('10');
    await expectAccessible(page, 'the discount code dialog (dark)');
    await form.getByRole('button', { name: 'Save code' }).click();
    await page.getByText('Discount code saved.').waitFor();
    const row = page.getByTestId('discount-codes').getByRole('row').filter({ hasText: code });
    await expect.poll(async () => (await row.textContent())?.includes('€5.00 off')).toBe(true);
    expect(await row.textContent()).toContain('0 / 10');
    await expectAccessible(page, '/productlist discount codes (dark)');

    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.waitForURL(/tab=settings/);
    const status = page.getByTestId('payments-status');
    await expect.poll(() => status.textContent()).toBe('Payments are on, with the keys the server was started with.');
    expect(await page.getByText('/api/payments/stripe').count()).toBe(1);
    await expectAccessible(page, '/productlist payment settings (dark)');
    await context.close();
  });
});

describe.skipIf(!e2eAvailable)('student benefits and the webshop', () => {
  const browser = useBrowser();

  it('a phone visitor finds Student benefits under Products in the menu: the page text and the student offers, in both languages', {
    timeout: 60_000,
  }, async () => {
    const context = await newContext(browser(), { phone: true });
    const page = await context.newPage();
    await gotoPage(page, '/faq');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Site menu' });
    // Without a webshop address the menu has no Webshop.
    await drawer.getByRole('link', { name: 'Student benefits' }).waitFor();
    expect(await drawer.getByRole('link', { name: 'Webshop' }).count()).toBe(0);
    await drawer.getByRole('link', { name: 'Student benefits' }).click();
    await page.waitForURL(/\/student-benefits$/);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Student benefits');
    const offers = page.getByTestId('benefit-offers').getByTestId('product-card');
    await expect
      .poll(async () => await offers.evaluateAll((all) => all.map((c) => c.getAttribute('data-slug'))))
      .toEqual(['producer-bundle']);
    expect(await page.getByText('Students get our offers below at a student price').count()).toBe(1);
    await settle(page);
    await expectAccessible(page, '/student-benefits (phone)');
    await context.close();

    const swede = await newContext(browser(), { colorScheme: 'dark', storage: { userLocale: 'sv' } });
    const sv = await swede.newPage();
    await gotoPage(sv, '/student-benefits');
    await expect.poll(() => sv.locator('h1').first().textContent()).toBe('Studentförmåner');
    await sv.getByRole('heading', { name: 'Producentpaketet' }).waitFor();
    await settle(sv);
    await expectAccessible(sv, '/student-benefits in Swedish (dark)');
    await swede.close();
  });

  it('with a webshop address set, the Webshop menu item and /webshop leave for it in the same tab; without one, /webshop says so', {
    timeout: 60_000,
  }, async () => {
    const { token } = await platform.ok('login.php', 'sign_in', { email: demo.admin, password: DEMO_PASSWORD });
    const context = await newContext(browser());
    const page = await context.newPage();
    await gotoPage(page, '/webshop');
    await page.getByText('This school has no webshop.').waitFor();
    await settle(page);
    await expectAccessible(page, '/webshop without a store');

    // The store: a page of this same server stands in for the external one.
    const store = new URL('/faq?from=webshop', page.url()).href;
    await apiCall('shop.php', 'save_shop_settings', { WebshopUrl: store }, token);
    try {
      await gotoPage(page, '/products');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const webshop = page.getByRole('navigation', { name: 'Site menu' }).getByRole('link', { name: 'Webshop' });
      expect(await webshop.getAttribute('href')).toBe(store);
      await webshop.click();
      await page.waitForURL(store);
      expect(context.pages()).toHaveLength(1);

      await gotoPage(page, '/products');
      await page.goto('/webshop');
      await page.waitForURL(store);
      // The store took /webshop's place in the history: Back returns to the page before it.
      await page.goBack();
      await page.waitForURL(/\/products$/);
    } finally {
      await apiCall('shop.php', 'save_shop_settings', { WebshopUrl: null }, token);
    }
    await context.close();
  });
});

describe.skipIf(!e2eAvailable)(
  "a sample pack: its files in the editor, on its page, and in its buyer's downloads",
  () => {
    const browser = useBrowser();

    it('an administrator adds a file to the demo pack in its editor; a learner who got it downloads it from My profile', {
      timeout: 90_000,
    }, async () => {
      const admin = await newContext(browser(), { colorScheme: 'dark' });
      const { token } = await signInViaApi(admin, demo.admin);
      const pack = (await apiCall('products.php', 'get_product', { Slug: 'sound-starter-pack' }, token)).Product;
      const page = await admin.newPage();
      await gotoPage(page, `/productlist/${pack.Id}`);
      const media = page.getByTestId('product-media');
      const files = media.getByTestId('product-file');
      await expect.poll(() => files.count()).toBe(2);
      expect(await media.getByTestId('product-image').count()).toBe(1);
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        media.getByTestId('product-add-file').click(),
      ]);
      await chooser.setFiles({
        name: 'tempo.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('120 beats a minute\n'),
      });
      await expect.poll(() => files.count()).toBe(3);
      await media.getByRole('textbox', { name: 'Name of file 3' }).fill('Tempo notes.txt');
      await media.getByRole('button', { name: 'Move Tempo notes.txt up' }).click();
      await settle(page);
      await expectAccessible(page, 'the sample pack in its editor (dark)');
      await page.getByTestId('product-save').click();
      await page.getByText('Product saved.').waitFor();

      // Its page lists the files for everyone, in their order.
      const visitor = await newContext(browser(), { phone: true });
      const shop = await visitor.newPage();
      await gotoPage(shop, '/product/sound-starter-pack');
      const listed = shop.getByTestId('product-files').getByRole('listitem');
      await expect
        .poll(async () => (await listed.allTextContents()).map((text) => text.replace(/ \(.*\)$/, '')))
        .toEqual(['C major chord.ogg', 'Tempo notes.txt', 'Read me.txt']);
      await settle(shop);
      await expectAccessible(shop, "a sample pack's page (phone)");
      await visitor.close();

      // A learner gets it with a full discount (a free order is fulfilled at once) and downloads from My profile.
      const code = `PACK-${Date.now().toString(36).toUpperCase()}`;
      await apiCall(
        'shop.php',
        'save_discount_code',
        { Code: { Id: 0, Code: code, Kind: 'percent', Amount: 100, ProductId: pack.Id } },
        token,
      );
      const { email } = await registerAccount({ first: 'Sam', last: 'Sampler' });
      expect((await apiCall('register.php', 'verify_email', { code: await verificationCode(email) })).status).toBe(
        'OK',
      );
      const learner = await newContext(browser());
      const { token: learnerToken } = await signInViaApi(learner, email);
      const order = await apiCall(
        'orders.php',
        'start_checkout',
        { ProductId: pack.Id, DiscountCode: code },
        learnerToken,
      );
      expect(order).toMatchObject({ status: 'OK', Url: null });
      const profile = await learner.newPage();
      await gotoPage(profile, '/MyProfile');
      const downloads = profile.getByTestId('downloads');
      const link = downloads.getByRole('link', { name: 'Download Tempo notes.txt' });
      await link.waitFor();
      const served = await profile.request.get(String(await link.getAttribute('href')));
      expect(served.status()).toBe(200);
      expect(await served.text()).toBe('120 beats a minute\n');
      await settle(profile);
      await expectAccessible(profile, 'My profile with downloads');
      await learner.close();

      // The demo pack as it was, for whatever runs next.
      const form = (await apiCall('products.php', 'get_product_admin', { ProductId: pack.Id }, token)).Product;
      const { Archived: _archived, ...restore } = form;
      await apiCall(
        'products.php',
        'save_product',
        { Product: { ...restore, Files: restore.Files.filter((file) => file.Name !== 'Tempo notes.txt') } },
        token,
      );
      await admin.close();
    });
  },
);
