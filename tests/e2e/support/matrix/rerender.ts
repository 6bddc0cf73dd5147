import type { BrowserContext, Page } from '@playwright/test';
import { localeCookie, type Locale } from '../../../../lib/i18n/locales';
import { openCopies } from '../screen-checks';

/**
 * Re-rendering a walked state in another language (accessibility-matrix.spec.ts says why): the
 * walked page's address opened again in a context of its own that carries copies of the walk's
 * cookies and asks for the language by Accept-Language, so the server renders the same state in
 * that language. The language comes from the request alone: lib/i18n/locales.ts resolveLocale
 * takes a stored choice (the locale cookie) first, so that cookie is never copied, and the
 * browser's languages before the address's `ui_locales` and `lang`.
 *
 * The app's own scripts are not loaded there (unless `scripts` is asked for), so none of its
 * client code runs: no automatic submit, no polling, no countdown, nothing that could move the
 * sign-in on or change what the walk finds next. What the server sent is the page, as every
 * browser shows it before the scripts run. React's inline streaming scripts still reveal a
 * streamed screen (they are part of the document, not loaded), and page.evaluate (axe, the layout
 * measurements) works as on any page. Whatever the server sets while re-rendering stays in this
 * context: the walk's own cookies are never touched, and each re-render starts again from copies
 * of them.
 */
export class Rerenders {
  /** The language asked for. */
  private locale: Locale = 'en-GB';
  private constructor(private readonly page: Page) {}

  /**
   * One context and page for a whole test, closed when it ends (fixture `staticCopies`).
   * `scripts`: load the app's scripts after all, for what exists only on a running page (the
   * passkey part of a screen: passkeys-languages.spec.ts says why that is safe there).
   * `viewport`: the re-renders' size (default: the walk's); the matrix opens them at the reflow
   * width, where its layout checks measure, so none of them resizes.
   */
  static async open(walk: Page, { scripts = false, viewport = walk.viewportSize() } = {}): Promise<Rerenders> {
    const context = await walk.context().browser()!.newContext({ javaScriptEnabled: true, viewport });
    openCopies.add(context);
    const rerenders = new Rerenders(await context.newPage());
    await rerenders.page.route('**/*', async (route) => {
      const request = route.request();
      if (!scripts && request.resourceType() === 'script') return route.abort();
      // In the request itself: the context's locale (the test's) would override an extra header.
      return route.continue({ headers: { ...(await request.allHeaders()), 'accept-language': rerenders.locale } });
    });
    return rerenders;
  }

  /** The walked page's state, as the server renders it now in `locale`. */
  async render(walk: Page, locale: Locale): Promise<Page> {
    const context: BrowserContext = this.page.context();
    const cookies = (await walk.context().cookies()).filter((c) => !LOCALE_COOKIES.has(c.name));
    await context.clearCookies();
    await context.addCookies(cookies);
    this.locale = locale;
    await this.page.goto(walk.url());
    // A streamed screen is complete once React's inline scripts have put its content in place of
    // the fallback (a <template id="B:…"> until then), which can come after the load event.
    await this.page.waitForFunction(() => document.querySelector('template[id^="B:"]') === null, null, { polling: 50 });
    return this.page;
  }
}

const LOCALE_COOKIES = new Set([localeCookie(false).name, localeCookie(true).name]);

/**
 * The structure of a screen's <main> that the server decides, as a list of elements in document
 * order (tag, id, name, type, role, aria-invalid): which screen, which fields and which of them
 * invalid, which errors, notices and live regions. Two renders of the same state have the same
 * list in every language; a re-render that is another state (no error where the walk had one, a
 * form where the walk had its answer) does not.
 *
 * Left out, as they differ between the same state rendered twice:
 * - <wbr>: where the phrases of a Japanese or Chinese text break (lib/i18n/typeset.tsx);
 * - a <span lang>: the tenant's words in its fallback language, where a language has none of its
 *   own (lib/i18n/field-labels.ts), which differs by language;
 * - what the page's scripts change once they run, since the walked page runs them and a re-render
 *   does not (app/_components/use-hydrated.ts: the server's HTML is always the no-script form):
 *   the hidden fields React puts into a form for posting its action without scripts (`$ACTION_…`,
 *   removed when the page hydrates), decoration hidden from assistive technology (aria-hidden,
 *   SVG icons), texts for screen readers only (.visually-hidden), elements not rendered
 *   (`hidden`, e.g. a closed list), what only a running page says (SCRIPTED); and each ENHANCED
 *   field (a native control the scripts replace with a widget of their own) is reduced to its
 *   control's id and validity and its error, whatever the control;
 * - the resend countdown (`#resend-countdown`), there or not by the second the page is rendered.
 *
 * `classes`: each element's class attribute too (what its colours come from), for telling apart
 * the states of a walk that may look different (the matrix's dark scheme runs once per such look).
 */
export async function fingerprint(page: Page, { classes = false } = {}): Promise<string[]> {
  return page.evaluate(
    ({ enhanced, scripted, timed, classes }) => {
      const main = document.querySelector('main');
      if (!main) return ['(no main)'];
      const out: string[] = [];
      const skip = (e: Element) =>
        e.tagName === 'WBR' ||
        (e.tagName === 'SPAN' && e.hasAttribute('lang')) ||
        e.getAttribute('name')?.startsWith('$ACTION') ||
        e.closest(`svg, [aria-hidden="true"], .visually-hidden, [hidden], ${scripted}, ${timed}`) !== null;
      for (const element of main.querySelectorAll('*')) {
        if (skip(element)) continue;
        const field = element.closest(enhanced);
        if (field && field !== element) {
          // Inside an enhanced field only the control itself (by id) and its error text count.
          const control = element.id && field.querySelector(`#${CSS.escape(element.id)}`) === element && /^(input|select|textarea)$/i.test(element.tagName);
          if (element.classList.contains('field-error')) out.push(`p#${element.id}.field-error`);
          else if (control) out.push(`control#${element.id}${element.getAttribute('aria-invalid') === 'true' ? ' invalid' : ''}`);
          continue;
        }
        if (field === element) {
          out.push('enhanced field');
          continue;
        }
        const attr = (name: string) => element.getAttribute(name);
        out.push(
          [
            element.tagName.toLowerCase(),
            attr('id') ? `#${attr('id')}` : '',
            attr('name') ? `[name=${attr('name')}]` : '',
            attr('type') ? `[type=${attr('type')}]` : '',
            attr('role') ? `[role=${attr('role')}]` : '',
            attr('aria-invalid') === 'true' ? '[aria-invalid]' : '',
            classes && attr('class') ? `.${attr('class')!.trim().split(/\s+/).join('.')}` : '',
          ].join(''),
        );
      }
      return out;
    },
    { enhanced: ENHANCED, scripted: SCRIPTED, timed: TIMED, classes },
  );
}

/**
 * Fields the page's scripts replace: the group list (a native select, then a searchable list,
 * app/group-selection/group-form.tsx).
 */
const ENHANCED = '.field:has(#group)';
/** What only a page whose scripts run shows: the push page's "checks by itself" (app/register-mfa/push/push-waiter.tsx). */
const SCRIPTED = 'form.push-check > p.hint';
/** Elements there or not by the clock. */
const TIMED = '#resend-countdown';

/** The screen's heading and description as read (the texts that tell one state of a screen from another of the same shape). */
export async function headline(page: Page): Promise<string> {
  return page.evaluate(() =>
    ['main h1', 'main #page-description'].map((selector) => (document.querySelector(selector)?.textContent ?? '').replace(/\s+/g, ' ').trim()).join(' / '),
  );
}
