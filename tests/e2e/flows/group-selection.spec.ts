import type { Page } from '@playwright/test';
import { chooseLanguage, CLIENT_NAME, continueToProvider, expect, MFA, noJs, reloadWithScriptsHeld, submit, test, toPasswordStep } from '../support/fixtures';
import { BACK_FROM_PROVIDER, signInByRequest } from '../support/forms';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const NATIVE_SELECT = noJs('without JavaScript the group is chosen in the native select the server renders; with JavaScript a searchable list replaces it');
const NATIVE_SELECT_BY_KEYS = noJs(
  'without JavaScript the keyboard drives the native select (typing the start of a name); with JavaScript the searchable list',
);
const REQUIRED_BY_THE_SERVER = noJs('without JavaScript the missing group is the server’s answer on a new page, and the native select chooses one');
const OFFERED_GROUP_CONTINUE = noJs(
  'without JavaScript an offered group_id shows "Signing you in for …" with a Continue button; with JavaScript it goes on by itself',
);
const PRESELECTED_OPTION = noJs('without JavaScript the remembered group is the selected option of the native select the server renders');
const FAILURE_IN_ONE_PIECE = noJs(
  'without JavaScript the groups load in the page rendered in one piece (render=sync), so a failing provider reaches the error page by that path',
);
const SKELETON_FORWARDS = noJs('without JavaScript the skeleton page forwards to the page rendered in one piece (a meta refresh to render=sync)');
const ALL_OPTIONS = noJs('without JavaScript all 300 groups are options of the native select; with JavaScript the searchable list');

/** A fresh account per test, project and repetition (each address is its own stand-in account). */
const tag = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`;
const account = (kind: 'many' | 'other' | 'huge' | 'single' | 'skip', name: string, js: boolean) => `groups.${kind}+${tag(name, js)}@example.com`;

/** The groups of groups.many (tests/provider/seed.json), as named in English. */
const MANY = {
  north: { id: 'kitchenpro-north', name: 'KitchenPro North Ltd', number: '100101' },
  south: { id: 'kitchenpro-south', name: 'KitchenPro South Ltd', number: '100102' },
  west: { id: 'gastro-service-west', name: 'Gastro Service West', number: '100205' },
  east: { id: 'hotel-supply-east', name: 'Hotel Supply East Ltd', number: '100310' },
};
const groupTexts = (groups: Array<{ name: string; number: string }>) =>
  groups.flatMap((g) => [g.name, `Customer no. ${g.number}`, `${g.name} – Customer no. ${g.number}`]);

/**
 * E-mail and password; ends on the group selection the provider sends the browser to. Returns
 * the clean page's address and the track the provider named on its way in (kept in the flow
 * cookie from there on). The sign-in goes by request (the same with and without JavaScript), and
 * the browser opens the provider's entry.
 */
async function toGroups(page: Page, email: string, javaScriptEnabled: boolean): Promise<URL & { trackId: string }> {
  const { url: entry } = await signInByRequest(page, email, MFA.password, { until: BACK_FROM_PROVIDER });
  const trackId = entry.searchParams.get('track_id')!;
  await page.goto(entry.href);
  await expect(page).toHaveURL(/\/group-selection\?requestId=[\w-]+(&render=sync)?$/);
  await expect(page.getByRole('combobox', { name: 'Sales organisation', exact: true })).toBeVisible();
  // Until hydration the list is the native select, which the searchable one then replaces: a
  // click in between opens nothing (flaky once in a full run). Wait for the searchable one.
  if (javaScriptEnabled) await page.locator('main input[role="combobox"]').waitFor();
  return Object.assign(new URL(page.url()), { trackId });
}

/** Picks a group with the mouse: the searchable list with JavaScript, the native select without. */
async function pick(page: Page, group: { id: string; name: string }, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    await page.getByRole('combobox', { name: 'Sales organisation', exact: true }).click();
    await options(page, { name: new RegExp(`^${group.name}`) }).click();
    await expect(page.getByRole('combobox', { name: 'Sales organisation', exact: true })).toHaveValue(group.name);
  } else {
    await page.getByRole('combobox', { name: 'Sales organisation', exact: true }).selectOption(group.id);
  }
}

async function expectSignedInFor(page: Page, groupName: string, javaScriptEnabled: boolean) {
  await continueToProvider(page, javaScriptEnabled);
  await expect(page.getByText(`Acting for ${groupName}.`)).toBeVisible();
}

/** Options of the group list (the language selector has options too). */
const options = (page: Page, filter?: { name?: RegExp; selected?: boolean }) =>
  page.getByRole('listbox', { name: 'Sales organisation' }).getByRole('option', filter);

/** The value the form will post: the hidden field with JavaScript, the select without. */
const chosen = (page: Page) => page.locator('[name="groupId"]').first().inputValue();

test.describe('group selection', () => {
  test(
    'pick with the mouse; the provider carries the group into the access token; Back then finds the track used',
    NATIVE_SELECT,
    async ({ page, javaScriptEnabled, expectAccessible, expectOnlyMessages, photograph, appLog }) => {
      const url = await toGroups(page, account('many', 'mouse', javaScriptEnabled), javaScriptEnabled);
      await expect(page.getByRole('heading', { name: 'Choose a sales organisation' })).toBeVisible();
      // The way out is to another account (as on the other screens), not to the portal.
      await expect(page.locator('main').getByText('Not you? Use another account', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Use another account' })).toHaveAttribute('href', /\/authz-srv\/authz\/resolve_redirect\//);
      await expect(page.locator('main').getByRole('link', { name: /portal/i })).toHaveCount(0);
      expect(await chosen(page)).toBe('');
      await expectAccessible(page);
      await expectOnlyMessages(page, 'en-GB', [CLIENT_NAME, ...groupTexts(Object.values(MANY))]);
      await photograph(page, 'group-selection');
      if (javaScriptEnabled) {
        await page.getByRole('combobox', { name: 'Sales organisation', exact: true }).click();
        await expect(options(page)).toHaveCount(4);
        await expectAccessible(page);
        await photograph(page, 'group-selection-open');
      }
      await pick(page, MANY.south, javaScriptEnabled);
      await submit(page, 'Sign in');
      // The stand-in names the group in the access token only, as the provider's docs say.
      await expectSignedInFor(page, MANY.south.name, javaScriptEnabled);
      expect(appLog()).toMatch(/"event":"group-claim","source":"access_token"/);

      // The group page's link again, once signed in: nothing to choose any more, and the page says why.
      await page.goto(url.toString());
      await expect(page.getByRole('heading', { name: 'You’re signed in' })).toBeVisible();
    },
  );

  test('keyboard only: search, choose and sign in without the mouse', NATIVE_SELECT_BY_KEYS, async ({ page, javaScriptEnabled }) => {
    await toGroups(page, account('many', 'keys', javaScriptEnabled), javaScriptEnabled);
    const field = page.getByRole('combobox', { name: 'Sales organisation', exact: true });
    for (let i = 0; i < 12 && !(await field.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    if (javaScriptEnabled) {
      await page.keyboard.type('hotel');
      await expect(field).toHaveAttribute('aria-expanded', 'true');
      await expect(options(page)).toHaveCount(1);
      await page.keyboard.press('ArrowDown');
      await expect(field).toHaveAttribute('aria-activedescendant', /option/);
      await page.keyboard.press('Enter');
      await expect(field).toHaveValue(MANY.east.name);
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      // Arrow keys open the whole list at the chosen group; Escape closes it and keeps the choice.
      await page.keyboard.press('ArrowDown');
      await expect(options(page)).toHaveCount(4);
      await expect(options(page, { selected: true })).toHaveText(/Hotel Supply East Ltd/);
      await page.keyboard.press('Escape');
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await expect(field).toHaveValue(MANY.east.name);
    } else {
      // A native select searches by typing the start of a name.
      await page.keyboard.type('Hotel');
      await expect(field).toHaveValue(MANY.east.id);
    }
    expect(await chosen(page)).toBe(MANY.east.id);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectSignedInFor(page, MANY.east.name, javaScriptEnabled);
  });

  // The search box needs JavaScript; without it the select is searched by typing (keyboard test).
  test(
    'search by name, accent-free text and customer number; no match says so',
    { tag: '@js-on-only' },
    async ({ page, javaScriptEnabled, expectAccessible }) => {
      await toGroups(page, account('many', 'search', javaScriptEnabled), javaScriptEnabled);
      const field = page.getByRole('combobox', { name: 'Sales organisation', exact: true });
      await field.fill('100205');
      await expect(options(page)).toHaveCount(1);
      await expect(options(page)).toHaveText(/Gastro Service West/);
      await expect(page.getByRole('status').filter({ hasText: 'Matching sales organisations: 1' })).toBeAttached();
      await field.fill('kitchenpro');
      await expect(options(page)).toHaveCount(2);
      await field.fill('nothing like this');
      await expect(page.getByText('No sales organisation matches your search.').first()).toBeVisible();
      await expect(page.getByRole('listbox')).toBeHidden();
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await expectAccessible(page);
      await field.fill('CAFE');
      await expect(options(page)).toHaveCount(0);
      await field.fill('west');
      await options(page, { name: /Gastro Service West/ }).click();
      expect(await chosen(page)).toBe(MANY.west.id);
    },
  );

  // Only a browser that runs scripts swaps the select for the searchable list.
  test(
    'a group picked in the select before the scripts run stays chosen in the searchable list that replaces it, and clears the error',
    { tag: '@js-on-only' },
    async ({ page, javaScriptEnabled }) => {
      const url = await toGroups(page, account('many', 'early', javaScriptEnabled), javaScriptEnabled);
      // With an error on the screen from the start (a group_id that is not offered)…
      url.searchParams.set('group_id', 'not-a-group');
      await page.goto(url.toString());
      // …the page again, its scripts held back: the server-rendered select is all there is.
      const letScriptsThrough = await reloadWithScriptsHeld(page);
      await expect(page.locator('#group-error')).toBeVisible();
      const select = page.locator('select#group');
      await select.selectOption(MANY.west.id);
      await letScriptsThrough();
      const field = page.locator('main input[role="combobox"]');
      await expect(field).toHaveValue(MANY.west.name);
      await expect(page.locator('#group-error')).toBeHidden();
      await expect(select).toHaveCount(0);
      expect(await chosen(page)).toBe(MANY.west.id);
      await submit(page, 'Sign in');
      await expectSignedInFor(page, MANY.west.name, javaScriptEnabled);
    },
  );

  test(
    'signing in without a group asks for one; choosing one clears the message',
    REQUIRED_BY_THE_SERVER,
    async ({ page, javaScriptEnabled, expectAccessible }) => {
      await toGroups(page, account('many', 'required', javaScriptEnabled), javaScriptEnabled);
      await submit(page, 'Sign in');
      await expect(page.locator('#group-error').getByText('Please select a sales organisation.')).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Sales organisation', exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page);
      await pick(page, MANY.north, javaScriptEnabled);
      if (javaScriptEnabled) await expect(page.locator('#group-error').getByText('Please select a sales organisation.')).toBeHidden();
      await submit(page, 'Sign in');
      await expectSignedInFor(page, MANY.north.name, javaScriptEnabled);
    },
  );

  test('a group_id that is offered signs in with it at once', OFFERED_GROUP_CONTINUE, async ({ page, javaScriptEnabled, expectAccessible }) => {
    const url = await toGroups(page, account('many', 'match', javaScriptEnabled), javaScriptEnabled);
    url.searchParams.set('group_id', MANY.west.id);
    await page.goto(url.toString());
    if (!javaScriptEnabled) {
      await expect(page.getByText(`Signing you in for ${MANY.west.name}…`)).toBeVisible();
      await expectAccessible(page);
      await submit(page, 'Continue');
    }
    await expectSignedInFor(page, MANY.west.name, javaScriptEnabled);
  });

  test('a group_id that is not offered is an error on the screen, cleared by choosing a group', async ({ page, javaScriptEnabled, expectAccessible }) => {
    const url = await toGroups(page, account('many', 'mismatch', javaScriptEnabled), javaScriptEnabled);
    for (const bad of ['not-a-group', '../../evil', 'x'.repeat(65)]) {
      url.searchParams.set('group_id', bad);
      await page.goto(url.toString());
      await expect(
        page.locator('#group-error').getByText('The sales organisation you selected is not available. Please choose one from the list.'),
      ).toBeVisible();
    }
    await expectAccessible(page);
    await pick(page, MANY.north, javaScriptEnabled);
    if (javaScriptEnabled) await expect(page.locator('#group-error')).toBeHidden();
    await submit(page, 'Sign in');
    await expectSignedInFor(page, MANY.north.name, javaScriptEnabled);
  });

  test('the last group is preselected, and forgotten once it is no longer offered', PRESELECTED_OPTION, async ({ page, context, javaScriptEnabled }) => {
    await toGroups(page, account('many', 'remember', javaScriptEnabled), javaScriptEnabled);
    await pick(page, MANY.south, javaScriptEnabled);
    await submit(page, 'Sign in');
    await expectSignedInFor(page, MANY.south.name, javaScriptEnabled);

    await toGroups(page, account('many', 'remember', javaScriptEnabled), javaScriptEnabled);
    expect(await chosen(page)).toBe(MANY.south.id);
    if (javaScriptEnabled) await expect(page.getByRole('combobox', { name: 'Sales organisation', exact: true })).toHaveValue(MANY.south.name);

    // Another account of the same person, without that group: nothing preselected, and the
    // remembered group is dropped on Cancel (a choice replaces it; viewing the page posts nothing).
    await toGroups(page, account('other', 'remember', javaScriptEnabled), javaScriptEnabled);
    expect(await chosen(page)).toBe('');
    const remembered = async () => (await context.cookies()).some((c) => c.name.endsWith('signin_group'));
    expect(await remembered()).toBe(true);
    await submit(page, 'Cancel');
    await expect(page).toHaveURL(/\/\?.*requestId=/);
    expect(await remembered()).toBe(false);

    await toGroups(page, account('many', 'remember', javaScriptEnabled), javaScriptEnabled);
    expect(await chosen(page)).toBe('');
  });

  test('Cancel, and "Not you? Use another account", go back to the provider login for the same request', async ({ page, javaScriptEnabled }) => {
    const url = await toGroups(page, account('many', 'cancel', javaScriptEnabled), javaScriptEnabled);
    await submit(page, 'Cancel');
    await expect(page).toHaveURL(new RegExp(`requestId=${url.searchParams.get('requestId')}`));
    await expect(page.getByLabel('E\u2011mail address')).toBeVisible();

    const again = await toGroups(page, account('many', 'other-account', javaScriptEnabled), javaScriptEnabled);
    await page.getByRole('link', { name: 'Use another account' }).click();
    await expect(page).toHaveURL(new RegExp(`requestId=${again.searchParams.get('requestId')}`));
    await expect(page.getByLabel('E\u2011mail address')).toBeVisible();
  });

  test('groups are named in the chosen language (the language is sent to the provider)', async ({ page, javaScriptEnabled, standin }) => {
    const url = await toGroups(page, account('many', 'language', javaScriptEnabled), javaScriptEnabled);
    await chooseLanguage(page, 'de-DE', javaScriptEnabled);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vertriebsorganisation wählen');
    await expect(page).toHaveURL(url.toString());
    await expect.poll(async () => (await standin.calls(`prelogin/metadata/${url.trackId}?acceptLanguage=de-DE`)).length).toBeGreaterThan(0);
    if (javaScriptEnabled) {
      await page.getByRole('combobox', { name: 'Vertriebsorganisation', exact: true }).click();
      await page
        .getByRole('listbox', { name: 'Vertriebsorganisation' })
        .getByRole('option', { name: /KitchenPro Süd GmbH/ })
        .click();
    } else {
      await expect(page.locator('option', { hasText: 'KitchenPro Süd GmbH' })).toHaveCount(1);
      await page.getByRole('combobox', { name: 'Vertriebsorganisation', exact: true }).selectOption(MANY.south.id);
    }
    // Signed in, the group keeps the name it was chosen by, not the tokens' (the tenant's default language).
    await submit(page, 'Anmelden');
    if (!javaScriptEnabled) await submit(page, 'Weiter');
    await expect(page.getByText('Sie handeln im Namen von KitchenPro Süd GmbH.')).toBeVisible();
    await expect(page.getByText(MANY.south.name)).toHaveCount(0);
  });

  test(
    'a provider failing while the groups load: "isn\'t responding", a reference, and Try again on the same page',
    FAILURE_IN_ONE_PIECE,
    async ({ page, javaScriptEnabled, standin, appLog }) => {
      const url = await toGroups(page, account('many', 'fault', javaScriptEnabled), javaScriptEnabled);
      await standin.fault({ pathIncludes: `prelogin/metadata/${url.trackId}`, mode: 'error', times: 1 });
      await page.goto(url.toString());
      await expect(page.getByRole('heading', { name: 'The sign-in service isn’t responding' })).toBeVisible();
      const ref = (await page.getByText(/^Reference: /).textContent())!.replace('Reference: ', '');
      expect(appLog()).toContain(ref);
      await expect(page.getByText('SECRET-STACK')).toHaveCount(0);
      await page.getByRole('link', { name: 'Try again' }).click();
      await expect(page.getByRole('combobox', { name: 'Sales organisation', exact: true })).toBeVisible();
    },
  );

  test('a skeleton shows while the groups load', SKELETON_FORWARDS, async ({ page, javaScriptEnabled, standin, expectAccessible }) => {
    const url = await toGroups(page, account('many', 'slow', javaScriptEnabled), javaScriptEnabled);
    await standin.fault({ pathIncludes: `prelogin/metadata/${url.trackId}`, mode: 'delay', delayMs: 1200 });
    if (javaScriptEnabled) {
      await page.goto(url.toString(), { waitUntil: 'commit' });
      await expect(page.getByText('Loading your sales organisations…')).toBeAttached();
      await expect(page.locator('.skeleton')).toBeVisible();
      await expectAccessible(page);
    } else {
      // Without scripts the skeleton forwards to the page rendered in one piece.
      await page.goto(url.toString());
      await expect(page).toHaveURL(/render=sync/);
    }
    await expect(page.getByRole('combobox', { name: 'Sales organisation', exact: true })).toBeVisible({ timeout: 15_000 });
  });

  test('300 groups: all listed, searchable, and one of them signs in', ALL_OPTIONS, async ({ page, javaScriptEnabled, expectAccessible }) => {
    await toGroups(page, account('huge', 'all', javaScriptEnabled), javaScriptEnabled);
    if (javaScriptEnabled) {
      const field = page.getByRole('combobox', { name: 'Sales organisation', exact: true });
      await field.click();
      await expect(options(page)).toHaveCount(300);
      await expectAccessible(page);
      await field.fill('koln');
      await expect(options(page)).toHaveCount(10);
      await field.fill('bakery köln');
      await expect(options(page)).toHaveCount(1);
      await page.keyboard.press('Enter');
      await expect(field).toHaveValue('Bakery Köln');
    } else {
      await expect(page.locator('#group option')).toHaveCount(301);
      await expectAccessible(page);
      await page.getByRole('combobox', { name: 'Sales organisation', exact: true }).selectOption({ label: 'Bakery Köln – Customer no. 300103' });
    }
    expect(await chosen(page)).toBe('grp-300103');
    await submit(page, 'Sign in');
    await expectSignedInFor(page, 'Bakery Köln', javaScriptEnabled);
  });

  test('one group: the provider may skip the screen, and when it asks the screen works', async ({ page, javaScriptEnabled }) => {
    await toPasswordStep(page, account('skip', 'one', javaScriptEnabled));
    await page.getByLabel('Password', { exact: true }).fill(MFA.password);
    await submit(page, 'Sign in');
    await expectSignedInFor(page, MANY.east.name, javaScriptEnabled);

    // Asked about one group, the screen has it chosen already: no "None selected" to change first.
    await toGroups(page, account('single', 'one', javaScriptEnabled), javaScriptEnabled);
    expect(await chosen(page)).toBe(MANY.west.id);
    await expect(page.getByRole('combobox', { name: 'Sales organisation', exact: true })).toHaveValue(javaScriptEnabled ? MANY.west.name : MANY.west.id);
    await submit(page, 'Sign in');
    await expectSignedInFor(page, MANY.west.name, javaScriptEnabled);
  });
});
