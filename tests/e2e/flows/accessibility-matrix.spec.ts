import type { Page } from '@playwright/test';
import { LOCALES } from '../../../lib/i18n/locales';
import { CLIENT_NAME, expect, test } from '../support/fixtures';
import { expectErrorsInText, expectLayout } from '../support/layout';
import { knownLayoutDefects, messages, NO_JS_LOCALES, type Tour, type Visit } from '../support/matrix/steps';
import { groupAndConfirmationTours } from '../support/matrix/tours-groups-and-confirmation';
import { passwordTours } from '../support/matrix/tours-password';
import { secondFactorTours } from '../support/matrix/tours-second-factor';
import { signInTours } from '../support/matrix/tours-sign-in';

/**
 * The accessibility matrix: every screen and state of the sign-in, generated for each of the
 * 12 languages. A tour is a list of states, each a name and a recipe that takes the page from
 * the previous state (or from nothing) to this one using ids, `name` attributes and the
 * language's own messages, never English labels. Each state is then checked:
 *
 * - axe (WCAG 2.0–2.2 A/AA and best practice, target-size included) in the light scheme;
 * - axe in the dark scheme in en-GB. The dark scheme changes colours only, and a colour comes
 *   from an element's class, never from its language; what a language does change (longer
 *   words, wrapping, another script) meets the colour rules in its own light run, and the
 *   layout checks below. (The dark colour rules in the other 11 languages, as the matrix ran
 *   them until 2026-11-25, cost the whole run 45 s here: 730 → 685 s, and 1,409 → 1,226 s of
 *   CPU, one run each: more than the 0.07 s per axe run timed below accounts for, so part of
 *   it is the scheme switches around each run, or noise.)
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
 * One test per tour and language keeps the browser starts and the walk through the flow few:
 * the states of a tour follow one another as a person would meet them.
 *
 * Where the time goes (measured 2026-11-24 with timers around each part, not committed; one
 * worker, de-DE, 52 states, 42 s): reaching the states is about two thirds (27 s: 1 s for each
 * tour's first state, a fresh context and a sign-in through the stand-in, 0.4 s for each state
 * after it), which is the app and the browser doing the flow; axe a quarter (0.13 s a light run
 * with axe put into the document, 0.07 s a dark colour-rule run); the layout checks 6 %; the
 * rest (description, messages, errors in text) little. Putting axe into every document of the
 * context up front (an init script) instead of on demand saved no more than 20-60 ms a state
 * and costs every other document the parse, so it is not done. The layout
 * checks at 320 px are one page evaluation (layout.ts), the no-JS axe copies share one context
 * per test (screen-checks.ts). Each language still walks its own tour: most states are the
 * answer to a POST (a refused address or password, a wrong or expired code) or depend on what
 * the provider keeps (failed attempts, a used link, a resend countdown), which a GET in another
 * language does not re-create, and the states a GET does reach cost that same GET either way. A
 * walk shared by languages would need, per state, a proof that the re-rendered page is the same
 * state; it is not done here.
 *
 * Without JavaScript the matrix runs in en-GB only. The server renders the same markup in
 * every language, so what differs with scripting off (the native group select, the Continue
 * pages, the unenhanced forms and checklist) does not depend on the language; the translated
 * texts themselves are covered by the 12 languages with JavaScript, and screens.spec.ts walks
 * the sign-in path in de-DE without JavaScript as well.
 */

// The tours: every screen and state, in the order a person meets them.
const TOURS: Tour[] = [...signInTours, ...passwordTours, ...secondFactorTours, ...groupAndConfirmationTours];

/** `element→#id` for each id an aria-labelledby or aria-describedby names that is not in the page. */
const danglingReferences = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[aria-labelledby], [aria-describedby]')].flatMap((element) =>
      ['aria-labelledby', 'aria-describedby']
        .flatMap((attribute) => (element.getAttribute(attribute) ?? '').split(/\s+/))
        .filter((id) => id && !document.getElementById(id))
        .map((id) => `${element.tagName.toLowerCase()}→#${id}`),
    ),
  );

// ---------------------------------------------------------------------------------------------
// The generated tests: tour × language (× JavaScript on and off, by project).

for (const locale of LOCALES) {
  test.describe(`accessibility matrix, ${locale}`, () => {
    test.use({ locale });
    test.describe.configure({ timeout: 180_000 });

    for (const tour of TOURS) {
      // Tags keep a test out of the project it does not belong to (playwright.config.ts), so
      // nothing is listed as skipped: no-JS tests in en-GB only, and tours of one mode only.
      const modes = new Set(tour.states.map((s) => s.js ?? 'both'));
      const tag = [
        ...(!NO_JS_LOCALES.includes(locale) || (modes.size === 1 && modes.has('on')) ? ['@js-on-only'] : []),
        ...(modes.size === 1 && modes.has('off') ? ['@js-off-only'] : []),
      ];
      test(tour.name, { tag }, async ({ page, javaScriptEnabled, standin, expectAccessible, expectOnlyMessages }) => {
        const js = javaScriptEnabled;
        const states = tour.states.filter((s) => !s.js || s.js === (js ? 'on' : 'off'));
        expect(states.length, 'states of this tour in this mode').toBeGreaterThan(0);

        const fresh = `a11y-${locale.toLowerCase()}-${js ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`;
        const v: Visit = { page, locale, t: messages(locale), js, standin, email: tour.account(fresh), memo: {} };
        for (const state of states) {
          await test.step(state.name, async () => {
            await state.reach(v);
            await expect(page.locator('html')).toHaveAttribute('lang', locale);
            // The heading that takes focus on arrival is described by the screen's description.
            const description = page.locator('main #page-description');
            if ((await description.count()) > 0) {
              await expect(page.locator('main h1')).toHaveAccessibleDescription((await description.innerText()).trim());
            }
            // Every element a name or description points at is there (a screen without a
            // description leaves its heading and form undescribed, never pointing at nothing).
            expect(await danglingReferences(page), 'aria-labelledby/-describedby ids missing from the page').toEqual([]);
            await expectAccessible(page);
            if (locale === 'en-GB') await expectAccessible(page, { colorScheme: 'dark' });
            await expectOnlyMessages(page, locale, [CLIENT_NAME, ...(state.data?.(v) ?? [])]);
            await expectErrorsInText(page, state.name);
            await expectLayout(page, state.name, knownLayoutDefects(locale, state.name));
          });
        }
      });
    }
  });
}
