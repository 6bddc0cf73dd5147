import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { newRequestId, startOwnApp, type OwnApp } from '../support/own-app';

/**
 * An operator's brand directory (BRAND_DIR, docs/features.md "Brand") on a running build: its logos with a
 * dark version swapped in by the colour scheme, its product logo in place of the product's name,
 * its background picture behind the card on wide screens only (dimmed in the dark scheme when it
 * has no dark one), its accent where it keeps 4.5:1, and a dark accent without that contrast
 * refused with a log line naming it.
 */

const MANUFACTURER = '#123456';
const PRODUCT = '#654321';
const ACCENT = '#7a1f1f';
/** Far too dark on the dark card: must not be used. */
const BAD_DARK_ACCENT = '#333333';
const logo = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="176" height="44" viewBox="0 0 176 44"><rect width="176" height="44" fill="${fill}"/></svg>`;
/** A 1 × 1 PNG. */
const PICTURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

let app: OwnApp;

test.beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'brand-'));
  writeFileSync(path.join(dir, 'manufacturer.svg'), logo(MANUFACTURER));
  writeFileSync(path.join(dir, 'manufacturer-dark.svg'), logo('#abcdef'));
  writeFileSync(path.join(dir, 'product.svg'), logo(PRODUCT));
  writeFileSync(path.join(dir, 'background.png'), PICTURE);
  writeFileSync(path.join(dir, 'brand.json'), JSON.stringify({ accentColor: ACCENT, accentColorDark: BAD_DARK_ACCENT, backgroundColor: '#334455' }));
  app = await startOwnApp({ BRAND_DIR: dir });
});

test.afterAll(async () => {
  await app?.stop();
});

async function openEmailStep(page: Page) {
  await page.goto(`${app.url}/?requestId=${await newRequestId()}`);
  await expect(page.locator('main h1')).toBeVisible();
}

const style = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

test("light scheme, wide screen: the operator's logo, background picture and accent", { tag: '@js-on-only' }, async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openEmailStep(page);
  const image = page.locator('picture.logo-manufacturer img');
  await expect(image).toHaveAttribute('src', '/brand/manufacturer');
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/brand\/manufacturer$/);
  expect(await (await request.get(`${app.url}/brand/manufacturer`)).text()).toContain(MANUFACTURER);
  // The operator's product logo takes the place of the product's name, which names it.
  await expect(page.locator('picture.logo-product img')).toHaveAttribute('alt', 'Sales Portal');
  await expect(page.locator('.product-mark')).toHaveCount(0);
  expect(await (await request.get(`${app.url}/brand/product`)).text()).toContain(PRODUCT);
  expect(await style(page, '.page', 'background-image')).toContain('/brand/background');
  expect(await style(page, 'main form button[type="submit"]', 'background-color')).toBe(rgb(ACCENT));
  const picture = await request.get(`${app.url}/brand/background`);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/png');
});

test('dark scheme: the dark logo, the picture dimmed, and the default accent in place of one without contrast', { tag: '@js-on-only' }, async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await openEmailStep(page);
  await expect
    .poll(() => page.locator('picture.logo-manufacturer img').evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/\/brand\/manufacturer-dark$/);
  const background = await style(page, '.page', 'background-image');
  expect(background).toContain('linear-gradient');
  expect(background).toContain('/brand/background');
  const accent = await style(page, 'main form button[type="submit"]', 'background-color');
  expect(accent).not.toBe(rgb(BAD_DARK_ACCENT));
  expect(accent).not.toBe(rgb(ACCENT));
  const rejected = app
    .output()
    .split('\n')
    .filter((line) => line.includes('brand-colours-rejected'));
  expect(rejected.length).toBeGreaterThan(0);
  expect(rejected[0]).toContain('accentColorDark');
});

test('a phone: no background picture, the card is the whole screen', { tag: '@js-on-only' }, async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openEmailStep(page);
  expect(await style(page, '.page', 'background-image')).toBe('none');
});
