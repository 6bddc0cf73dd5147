import { isDeepStrictEqual } from 'node:util';
import type { Page } from '@playwright/test';
import { LOCALES, type Locale } from '../../../lib/i18n/locales';
import { CLIENT_NAME, expect, test, type AxeOptions } from '../support/fixtures';
import { expectErrorsInText, expectLayout, expectNoDanglingReferences, REFLOW_WIDTH } from '../support/layout';
import { fingerprint, headline, Rerenders } from '../support/matrix/rerender';
import { knownLayoutDefects, messages, NO_JS_LOCALES, WALKED_LOCALES, type State, type Tour, type Visit } from '../support/matrix/steps';
import { additionalInfoTours } from '../support/matrix/tours-additional-info';
import { consentTours } from '../support/matrix/tours-consent';
import { groupAndConfirmationTours } from '../support/matrix/tours-groups-and-confirmation';
import { invitationTours } from '../support/matrix/tours-invitations';
import { mfaSetupTours } from '../support/matrix/tours-mfa-setup';
import { passwordTours } from '../support/matrix/tours-password';
import { registrationTours } from '../support/matrix/tours-registration';
import { secondFactorTours } from '../support/matrix/tours-second-factor';
import { signInTours } from '../support/matrix/tours-sign-in';
import { expectBudgetedTests, noOps, recordOps, type Ops } from '../support/ops';

/**
 * The accessibility matrix: every screen and state of the sign-in, in each of the 12 languages. A
 * tour is a list of states, each a name and a recipe that takes the page from the previous state
 * (or from nothing) to this one using ids, `name` attributes and the language's own messages,
 * never English labels. Each state is then checked:
 *
 * - axe (WCAG 2.0–2.2 A/AA and best practice, target-size included) in the light scheme, on
 *   every walked state (a re-render's markup is proven the walked state's: see below);
 * - axe in the dark scheme in en-GB, once per screen: on each state of a walk whose structure
 *   (`fingerprint`) and classes no earlier state of that walk had. The dark scheme changes
 *   colours only, and a colour comes from an element's class, never from its language or its
 *   texts; what a language does change (longer words, wrapping, another script) meets the colour
 *   rules in its own light run, and the layout checks below. (The dark colour rules in the other
 *   11 languages, as the matrix ran them until 2026-11-25, cost the whole run 45 s here: 730 →
 *   685 s.)
 * - every text on the screen is one of the language's messages (or known data);
 * - the heading is described by the screen's description (both are read on arrival), and no
 *   name or description points at an element that is not there;
 * - a field marked invalid carries its error as text (no information by colour alone);
 * - reflow at 320 px, the WCAG 1.4.12 text-spacing overrides (at 320 px too), and 24 px
 *   targets: in every language, as long words (German, Swedish) are what breaks a narrow layout.
 *
 * (The photographs for the contact sheet are taken by contact-sheet.spec.ts.) The tours are in
 * tests/e2e/support/matrix/ (tours-*.ts), built from the recipe helpers in steps.ts.
 *
 * Walked: one test per tour and language walks the tour's states as a person meets them, with
 * every check on every state, in en-GB with JavaScript (and the dark scheme) and without it, and
 * with JavaScript in de-DE (long words) and ja-JP (another script, lines broken between BudouX
 * phrases): the languages that stress the layout and the text checks most.
 *
 * Re-rendered: the other 9 languages do not walk. In the en-GB walk with JavaScript, right after
 * a state has been reached and checked, its address is opened again in a context of the test's
 * own that carries copies of the walk's cookies and asks for each language by Accept-Language,
 * with the app's scripts not loaded (support/matrix/rerender.ts), and the server renders that
 * same state in that language. There the checks that depend on the language run: html[lang], the
 * heading described by the description, no name or description pointing at nothing, only that
 * language's messages (with the state's data), errors in text, and the layout at 320 px (the
 * re-render context opens at that width) with text spacing and targets. Axe does not run there:
 * the fingerprint below proves the markup the walked state's, which axe judged, and what a
 * language can change in it (its texts, their length) is what the other checks see.
 *
 * That the re-render is the walked state is proven, not assumed: the first re-render, in en-GB,
 * must have the walked page's structure (the elements of <main> with their ids, names, types,
 * roles and validity: rerender.ts `fingerprint`) and its heading and description; each language's
 * must have that structure too. A state its address cannot bring back (the answer to a form
 * shown in place: a field error, a wrong code; the list the scripts open) is marked
 * `byAddress: false` in its tour and checked in the three walked languages only; a state not so
 * marked that does not come back fails the test, and so does a marked one that does.
 *
 * Why that is enough: a language changes the texts, nothing else. The server renders the same
 * markup in every language (the language is picked per request: lib/i18n/locales.ts), and the
 * flow (what a post answers, what the provider keeps) is the same, so walking it again in each
 * language tested the flow 12 times and each language's texts once per state, which a re-render
 * does too. What the 9 re-rendered languages are not checked on: the states marked
 * `byAddress: false` (their error texts are in the catalogues of all 12, tests/unit/messages.test.ts;
 * their layout is checked in en-GB, de-DE and ja-JP), and what only a running page shows (the
 * searchable group list, the push page's "checks by itself"): a re-render is the page as every
 * browser shows it before its scripts run.
 *
 * Time (3 workers, the shared 2-core machine, 2026-11-26): 118 tests (12 languages walked with
 * JavaScript, en-GB without) took 1,748 s of test time in a full run; the 37 tests here took
 * 1,381 s (this spec with passkeys-languages.spec.ts alone: 557 s wall, load average 8). Less
 * saved than the walks' share suggested: a re-rendered state still costs its load and every
 * check (axe about 0.35 s of renderer CPU a run, the layout checks at 320 px and with text
 * spacing as much again), about 1.7 s a state and language; the walk it replaces cost reaching
 * the state on top (a fresh context and a sign-in through the stand-in for each tour).
 * Re-renders without axe, opened at 320 px, and dark axe once per screen (2026-11-28, this spec
 * alone in js-on and js-off, 3 workers, a machine shared at load 11–16): 16.8 → 12.1 min wall,
 * test time js-on 2,646 → 1,783 s, js-off 303 → 258 s.
 *
 * Without JavaScript the matrix walks in en-GB only. The server renders the same markup in
 * every language, so what differs with scripting off (the native group select, the Continue
 * pages, the unenhanced forms and checklist) does not depend on the language; the translated
 * texts themselves are covered by the 12 languages with JavaScript, and screens.spec.ts walks
 * the sign-in path in de-DE without JavaScript as well.
 */

// The tours: every screen and state, in the order a person meets them.
const TOURS: Tour[] = [
  ...signInTours,
  ...passwordTours,
  ...secondFactorTours,
  ...groupAndConfirmationTours,
  ...registrationTours,
  ...invitationTours,
  ...consentTours,
  ...additionalInfoTours,
  ...mfaSetupTours,
];

/** The languages that re-render the states of the en-GB walk instead of walking. */
const RERENDERED: Locale[] = LOCALES.filter((locale) => !WALKED_LOCALES.includes(locale));

type Checks = {
  expectAccessible: (page: Page, options?: AxeOptions) => Promise<void>;
  expectOnlyMessages: (page: Page, locale: string, data?: string[]) => Promise<void>;
  /** The test's operation counts (support/ops.ts), asserted against tests/e2e/budget-ops.json. */
  ops: Ops;
};

/**
 * The checks of a state, on the page showing it (walked, or re-rendered in `v.locale`): axe
 * (`axe`: light, and dark too with `dark`), then the checks a language can fail.
 */
async function checkState(page: Page, v: Visit, state: State, checks: Checks, { axe, dark }: { axe: boolean; dark: boolean }) {
  await expect(page.locator('html')).toHaveAttribute('lang', v.locale);
  // The heading that takes focus on arrival is described by the screen's description.
  const description = page.locator('main #page-description');
  if ((await description.count()) > 0) {
    await expect(page.locator('main h1')).toHaveAccessibleDescription((await description.innerText()).trim());
  }
  // Every element a name or description points at is there.
  await expectNoDanglingReferences(page, state.name);
  if (axe) {
    checks.ops.axe++;
    await checks.expectAccessible(page);
  }
  if (dark) {
    checks.ops.axe++;
    await checks.expectAccessible(page, { colorScheme: 'dark' });
  }
  await checks.expectOnlyMessages(page, v.locale, [CLIENT_NAME, ...(state.data?.(v) ?? [])]);
  await expectErrorsInText(page, state.name);
  checks.ops.layout++;
  await expectLayout(page, state.name, knownLayoutDefects(v.locale, state.name));
}

/**
 * The walked state re-rendered in the other languages, each checked like the walk. First in
 * en-GB, which must be the walked state itself (its structure and heading), or the state must be
 * marked `byAddress: false`; a state so marked must not come back (the mark would hide coverage).
 */
async function rerenderState(rerenders: Rerenders, v: Visit, state: State, checks: Checks) {
  const walked = { structure: await fingerprint(v.page), headline: await headline(v.page) };
  const reproduced = await test.step(`${state.name} re-rendered in en-GB`, async () => {
    checks.ops.rerenders++;
    const english = await rerenders.render(v.page, 'en-GB');
    const again = { structure: await fingerprint(english), headline: await headline(english) };
    if (state.byAddress === false) {
      expect(isDeepStrictEqual(again, walked), `${state.name} is marked byAddress: false, yet its address renders it again`).toBe(false);
      return false;
    }
    expect(again, `${state.name}: its address renders the walked state again`).toEqual(walked);
    return true;
  });
  if (!reproduced) return;
  for (const locale of RERENDERED) {
    await test.step(`${state.name} in ${locale}`, async () => {
      checks.ops.rerenders++;
      const page = await rerenders.render(v.page, locale);
      // No axe here: the fingerprint proves this render's markup the walked state's (the elements
      // of <main>, their ids, names, types, roles and validity), which axe judged in the walk, and
      // colours come from classes, never from a language. What a language can change is checked
      // below: html[lang], the description, no reference to nothing, only its own messages (empty
      // texts: tests/unit/messages.test.ts), errors in text, and the layout at 320 px (reflow,
      // text spacing, 24 px targets).
      expect(await fingerprint(page), `${state.name}: the same state in ${locale}`).toEqual(walked.structure);
      await checkState(page, { ...v, page, locale, t: messages(locale) }, state, checks, { axe: false, dark: false });
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The generated tests. Tags keep each test out of the project it does not belong to
// (playwright.config.ts), so nothing is listed as skipped.

const modesOf = (tour: Tour) => new Set(tour.states.map((s) => s.js ?? 'both'));
const has = (tour: Tour, js: 'on' | 'off') => modesOf(tour).has(js) || modesOf(tour).has('both');

/** Every generated test, by project and title path (support/ops.ts): checked against the budget below. */
const generated: Array<{ project: string; test: string }> = [];

function walkTest(describe: string, locale: Locale, tour: Tour, js: 'on' | 'off', rerendered: Locale[]) {
  const title = rerendered.length > 0 ? `${tour.name}, re-rendered in ${rerendered.length} more languages` : tour.name;
  const key = { project: `js-${js}`, test: `${describe} › ${title}` };
  generated.push(key);
  test(title, { tag: js === 'on' ? '@js-on-only' : '@js-off-only' }, async ({ page, javaScriptEnabled, standin, expectAccessible, expectOnlyMessages }) => {
    const checks = { expectAccessible, expectOnlyMessages, ops: noOps() };
    const states = tour.states.filter((s) => !s.js || s.js === js);
    expect(states.length, 'states of this tour in this mode').toBeGreaterThan(0);
    const fresh = `a11y-${locale.toLowerCase()}-${js}-${test.info().repeatEachIndex}-${test.info().retry}`;
    const v: Visit = { page, locale, t: messages(locale), js: javaScriptEnabled, standin, email: tour.account(fresh), memo: {} };
    // Opened at the reflow width, where the layout checks measure: no resize on any re-render.
    const rerenders = rerendered.length > 0 ? await Rerenders.open(page, { viewport: { width: REFLOW_WIDTH, height: 640 } }) : undefined;
    // Dark axe in en-GB once per screen: on each state whose structure and classes in <main> (where
    // the colours come from; the frame around it is the same on every screen) no earlier state of
    // this walk had.
    const seen = new Set<string>();
    for (const state of states) {
      await test.step(state.name, async () => {
        await state.reach(v);
        const appearance = locale === 'en-GB' ? (await fingerprint(page, { classes: true })).join('\n') : '';
        const dark = locale === 'en-GB' && !seen.has(appearance);
        seen.add(appearance);
        await checkState(page, v, state, checks, { axe: true, dark });
      });
      if (rerenders) await rerenderState(rerenders, v, state, checks);
    }
    // Only a test that passed is counted (the global teardown compares the counts).
    recordOps({ spec: SPEC, ...key, retry: test.info().retry, ops: checks.ops }, test.info().workerIndex);
  });
}

const SPEC = 'accessibility-matrix';

// en-GB with JavaScript, each state re-rendered in the other languages: the longest tests, first.
const ENGLISH = 'accessibility matrix, en-GB';
test.describe(ENGLISH, () => {
  test.use({ locale: 'en-GB' });
  test.describe.configure({ timeout: 600_000 });
  for (const tour of TOURS.filter((t) => has(t, 'on'))) walkTest(ENGLISH, 'en-GB', tour, 'on', RERENDERED);
});

for (const locale of WALKED_LOCALES.filter((l) => l !== 'en-GB')) {
  const describe = `accessibility matrix, ${locale}`;
  test.describe(describe, () => {
    test.use({ locale });
    test.describe.configure({ timeout: 180_000 });
    for (const tour of TOURS.filter((t) => has(t, 'on'))) walkTest(describe, locale, tour, 'on', []);
  });
}

for (const locale of NO_JS_LOCALES) {
  const describe = `accessibility matrix, ${locale}, without JavaScript`;
  test.describe(describe, () => {
    test.use({ locale });
    test.describe.configure({ timeout: 180_000 });
    for (const tour of TOURS.filter((t) => has(t, 'off'))) walkTest(describe, locale, tour, 'off', []);
  });
}

// The operation budget names exactly these tests (support/ops.ts; the teardown checks the counts).
expectBudgetedTests(SPEC, generated);
