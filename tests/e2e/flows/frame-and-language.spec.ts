import { ACCOUNTS, chooseLanguage, CLIENT_NAME, expect, noJs, reloadWithScriptsHeld, startSignIn, submit, test } from '../support/fixtures';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const LANGUAGE_BUTTON = noJs(
  'without JavaScript the choice is sent by the Change language button in <noscript>, a post to /language that comes back to the same page',
);

test.describe('the page frame', () => {
  test('logos, title, the client in the header and legal links, on phones too', async ({ page, expectAccessible }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await startSignIn(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('img', { name: 'Manufacturer' })).toBeVisible();
    await expect(page.locator('.card-header').getByText('Sales Portal', { exact: true })).toBeVisible();
    await expect(page.locator('.card-header').getByText(`Sign in to ${CLIENT_NAME}`)).toBeVisible();
    // The logo's height is in the range the brand asks for (40–56 px).
    const logo = await page.getByRole('img', { name: 'Manufacturer' }).boundingBox();
    expect(logo!.height).toBeGreaterThanOrEqual(40);
    expect(logo!.height).toBeLessThanOrEqual(56);
    const legal = page.getByRole('navigation', { name: 'Legal information' });
    for (const name of ['Data protection', 'Imprint', 'Disclaimer', 'Terms of use']) {
      await expect(legal.getByRole('link', { name })).toBeVisible();
    }
    await expect(legal.getByRole('link', { name: 'Imprint' })).toHaveAttribute('href', 'https://www.example.com/imprint');
    await expectAccessible(page);

    // A phone keeps them (an imprint reachable from every page, the privacy notice where data are
    // entered): one compact line, each link a touch target of at least 24 px.
    for (const width of [599, 390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      for (const name of ['Data protection', 'Imprint', 'Disclaimer', 'Terms of use']) {
        const link = legal.getByRole('link', { name });
        await expect(link).toBeVisible();
        expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(24);
      }
    }
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(page.getByLabel('E\u2011mail address')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, 'no horizontal scrolling at 320 px').toBe(false);
  });

  test('logos are served from the replaceable brand route, sandboxed; the product mark is text', async ({ page, request }) => {
    await startSignIn(page);
    await expect(page.locator('header .product-mark')).toHaveText('Sales Portal');
    await expect(page.locator('header img')).toHaveCount(1);
    // No bundled product logo: its words would be English in every language.
    for (const name of ['product', 'product-dark']) expect((await request.get(`/brand/${name}`)).status()).toBe(404);
    for (const name of ['manufacturer', 'manufacturer-dark']) {
      const response = await request.get(`/brand/${name}`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/svg+xml');
      expect(response.headers()['content-security-policy']).toContain('sandbox');
    }
    expect((await request.get('/brand/..%2Fpackage.json')).status()).toBe(404);
    // No background picture unless BRAND_DIR has one.
    expect((await request.get('/brand/background')).status()).toBe(404);
  });
});

test.describe('language', () => {
  test.use({ locale: 'de-DE' });

  test('the browser language decides at first, including <html lang>, texts and the imprint link', async ({ page, expectAccessible, expectOnlyMessages }) => {
    await startSignIn(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
    await expect(page.locator('header .product-mark')).toHaveText('Vertriebsportal');
    await expect(page.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', 'https://www.example.com/de/impressum');
    await expectAccessible(page);
    await expectOnlyMessages(page, 'de-DE', [CLIENT_NAME]);
  });

  test('the selector changes the language in place: same screen, same query, and the choice sticks', LANGUAGE_BUTTON, async ({ page, javaScriptEnabled }) => {
    await startSignIn(page);
    const german = new URL(page.url());
    await page.getByLabel('E\u2011Mail-Adresse').fill(ACCOUNTS.password.email);
    await submit(page, 'Weiter');
    await expect(page).toHaveURL(/\/login\?requestId=/);
    const before = page.url();

    // With JavaScript the choice applies at once; the button is there only without it.
    await expect(page.getByRole('button', { name: 'Sprache ändern' })).toHaveCount(javaScriptEnabled ? 0 : 1);
    await chooseLanguage(page, 'fr-FR', javaScriptEnabled, 'Sprache');
    await expect(page).toHaveURL(before);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saisissez votre mot de passe');
    await expect(page.locator('main .identity-value')).toHaveText(ACCOUNTS.password.email);

    // The stored choice wins over the browser's German from now on.
    await page.goto(german.pathname + german.search);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    // And the sign-in still completes in the chosen language.
    await page.goto(before);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ACCOUNTS.password.password);
    await submit(page, 'Se connecter');
    if (!javaScriptEnabled) await submit(page, 'Continuer');
    await expect(page.getByText(`Connecté en tant que ${ACCOUNTS.password.email}.`)).toBeVisible();
  });

  // Only where scripts run is the button hidden and the choice applied by a script.
  test("a language chosen before the page's scripts run is applied once they do", { tag: '@js-on-only' }, async ({ page }) => {
    const languagePosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/language') languagePosts.push(request.url());
    });
    await startSignIn(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
    // Its script running (the hint it adds is there) sends nothing on a page load of its own.
    await expect(page.locator('#language-select-hint')).toBeAttached();
    expect(languagePosts).toEqual([]);

    const letScriptsThrough = await reloadWithScriptsHeld(page);
    await page.getByLabel('Sprache').selectOption('fr-FR');
    await letScriptsThrough();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
    expect(languagePosts).toHaveLength(1);
  });
});

test.describe('language from the request', () => {
  test.use({ locale: 'nl-NL' });

  test('an unsupported browser language falls back to ui_locales, then to en-GB', async ({ page }) => {
    const requestId = await startSignIn(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await page.goto(`/?requestId=${requestId}&ui_locales=ja`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ログイン');
    await page.goto(`/?requestId=${requestId}&lang=pl`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  });
});

test('the password step in another language reaches the error texts in that language', async ({ browser, javaScriptEnabled }) => {
  const context = await browser.newContext({ locale: 'es-ES', javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(process.env.E2E_APP_URL!);
  await page.getByLabel('Correo electrónico').fill(ACCOUNTS.password.email);
  await submit(page, 'Siguiente');
  await page.getByRole('textbox', { name: 'Contraseña' }).fill('wrong');
  await submit(page, 'Iniciar sesión');
  await expect(page.getByRole('textbox', { name: 'Contraseña' })).toHaveAccessibleDescription('Contraseña incorrecta. Inténtelo de nuevo.');
  await context.close();
});
