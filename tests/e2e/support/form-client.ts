import { CookieJar, JSDOM } from 'jsdom';

/** A form post as the browser sends it: to send it again as a script would (`replay`). */
export type FormPost = { url: URL; enctype: string; entries: Array<[string, string]> };

/** A submit button: a CSS selector, or the button's text (its accessible name here), exactly. */
export type SubmitButton = string | { name: string };

/** One answer, not followed: what a script that posts by itself sees. */
export type Answer = { status: number; headers: Headers; text: string };

/**
 * A browser without JavaScript, reduced to what it sends: it loads a page, keeps the cookies
 * (tough-cookie, as jsdom uses it), and submits a form the way the browser does: the form's own
 * fields and the pressed button (the HTML form-data set, which jsdom computes), to the form's
 * action with its method and encoding. It follows redirects as a browser does (303 and 302 turn
 * a POST into a GET) and an immediate <meta> refresh. No styles, images or scripts are fetched.
 *
 * For tests that repeat whole flows many times to prove something about the server
 * (replicas.spec.ts), or send a form's post again as a script would (`replay`: abuse.spec.ts),
 * where a real browser's drawing is most of the cost and proves nothing more; every flow also
 * runs in a real browser in the flow specs. (forms.ts posts single forms with Playwright's
 * request context and hands back the raw answer, for checks of statuses and headers.)
 */
export class FormClient {
  readonly jar = new CookieJar();
  url = '';
  status = 0;
  /** The first answer to the last goto or submit, before any redirect (a form post's own status). */
  answer?: { status: number; headers: Headers };
  private dom?: JSDOM;

  /**
   * `headers` go with every request, as a browser context's extra headers do: a client address
   * (`x-forwarded-for`, believed from a trusted proxy) or a browser's language (`accept-language`).
   */
  constructor(private readonly headers: Record<string, string> = {}) {}

  /** The page as parsed (no scripts run). */
  get document(): Document {
    if (!this.dom) throw new Error('no page loaded yet');
    return this.dom.window.document;
  }

  /** The page's text without its scripts, whitespace collapsed (for "Signed in as …"). */
  get text(): string {
    return textOf(this.document.body);
  }

  /** The text of the page's first element matching `selector`, whitespace collapsed (throws if none). */
  textOf(selector: string): string {
    const element = this.document.querySelector(selector);
    if (!element) throw new Error(`no ${selector} at ${this.url} (${this.status})`);
    return textOf(element);
  }

  /** The address of the page's link whose text is `name`, exactly. */
  link(name: string): string {
    const link = [...this.document.querySelectorAll('a[href]')].find((a) => textOf(a) === name);
    if (!link) throw new Error(`no link ${name} at ${this.url} (${this.status})`);
    return new URL(link.getAttribute('href')!, this.url).href;
  }

  async goto(url: string | URL): Promise<void> {
    await this.navigate(new URL(url, this.url || undefined), { method: 'GET' });
  }

  /**
   * Presses the submit button `button` after setting `fields` (by name; a select takes an
   * option's value), as a person filling the form in would; answers the post it sent.
   */
  async submit(button: SubmitButton, fields: Record<string, string> = {}): Promise<FormPost> {
    const post = this.form(button, fields);
    if (post.enctype === 'GET') {
      const url = new URL(post.url);
      url.search = new URLSearchParams(post.entries).toString();
      await this.navigate(url, { method: 'GET' });
    } else {
      await this.navigate(post.url, { method: 'POST', body: bodyOf(post), headers: { origin: new URL(this.url).origin } });
    }
    return post;
  }

  /**
   * Sends a form post once more as a script would (the browser's cookies, its origin), and hands
   * back the answer without following it; the page stays as it was. `cookie` sends that Cookie
   * header instead of the jar's, and keeps the answer's cookies out of the jar (a script that
   * replays the cookie it captured).
   */
  async replay(post: FormPost, { cookie }: { cookie?: string } = {}): Promise<Answer> {
    if (post.enctype === 'GET') throw new Error(`${post.url} is not posted`);
    const response = await this.fetch(post.url, { method: 'POST', body: bodyOf(post), headers: { origin: post.url.origin } }, cookie);
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  /**
   * A GET of `url` with the browser's cookies, as a script fetches it: the answer is not drawn,
   * nor is a <meta> refresh followed; redirects only with `follow`. The page stays as it was.
   */
  async get(url: string | URL, { follow = false }: { follow?: boolean } = {}): Promise<Answer> {
    let target = new URL(url, this.url || undefined);
    for (let hop = 0; hop < 20; hop++) {
      const response = await this.fetch(target, { method: 'GET' });
      const location = response.headers.get('location');
      if (!follow || response.status < 300 || response.status >= 400 || !location) {
        return { status: response.status, headers: response.headers, text: await response.text() };
      }
      await response.arrayBuffer();
      target = new URL(location, target);
    }
    throw new Error(`more than 20 redirects from ${url}`);
  }

  /** The post `button` would send (the HTML form-data set), without sending it. */
  form(button: SubmitButton, fields: Record<string, string> = {}): FormPost {
    return formPost(this.document, button, fields, `${this.url} (${this.status})`);
  }

  /** One request with the jar's cookies (or `cookie`) and the client's headers; the answer's cookies kept unless `cookie` is given. */
  private async fetch(url: URL, init: { method: string; body?: FormData | URLSearchParams; headers?: Record<string, string> }, cookie?: string) {
    const sent = cookie ?? (await this.jar.getCookieString(url.href));
    const response = await fetch(url, {
      method: init.method,
      body: init.body,
      headers: { ...this.headers, ...init.headers, ...(sent ? { cookie: sent } : {}), accept: 'text/html' },
      redirect: 'manual',
    });
    if (cookie === undefined) for (const line of response.headers.getSetCookie()) await this.jar.setCookie(line, url.href, { ignoreError: true });
    return response;
  }

  private async navigate(url: URL, init: { method: string; body?: FormData | URLSearchParams; headers?: Record<string, string> }) {
    let request = { url, ...init };
    this.answer = undefined;
    for (let hop = 0; hop < 20; hop++) {
      const response = await this.fetch(request.url, request);
      this.answer ??= { status: response.status, headers: response.headers };
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.arrayBuffer();
        const next = new URL(location, request.url);
        // 307 and 308 repeat the request; the others (303 from a form post) fetch the new address.
        request = response.status === 307 || response.status === 308 ? { ...request, url: next } : { url: next, method: 'GET' };
        continue;
      }
      this.status = response.status;
      this.url = request.url.href;
      this.dom = new JSDOM(await response.text(), { url: this.url });
      // A streamed screen sends a browser without scripting on to its one-piece address at once.
      const refresh = this.document
        .querySelector('meta[http-equiv="refresh" i]')
        ?.getAttribute('content')
        ?.match(/^0;\s*url=(.+)$/i);
      if (!refresh) return;
      request = { url: new URL(refresh[1], this.url), method: 'GET' };
    }
    throw new Error(`more than 20 redirects from ${url}`);
  }
}

/**
 * The post a press of `button` sends from `document` (a page parsed by jsdom with its address)
 * after setting `fields` by name (a select takes an option's value): the HTML form-data set, to
 * the form's action, with its method and encoding. `where` names the page in errors.
 */
export function formPost(document: Document, button: SubmitButton, fields: Record<string, string> = {}, where = document.URL): FormPost {
  const window = document.defaultView!;
  const submitter =
    typeof button === 'string'
      ? document.querySelector<HTMLButtonElement>(button)
      : [...document.querySelectorAll<HTMLButtonElement>('button[type="submit"]')].find((b) => textOf(b) === button.name);
  const form = submitter?.form;
  if (!submitter || !form) throw new Error(`no submit button ${JSON.stringify(button)} in a form at ${where}`);
  for (const [name, value] of Object.entries(fields)) {
    const field = form.elements.namedItem(name);
    if (field instanceof window.HTMLSelectElement) {
      if (![...field.options].some((o) => o.value === value)) throw new Error(`no option ${value} in ${name} at ${where}`);
      field.value = value;
    } else if (field instanceof window.HTMLInputElement) {
      field.value = value;
    } else {
      throw new Error(`no field ${name} in the form of ${JSON.stringify(button)} at ${where}`);
    }
  }
  const data = new window.FormData(form, submitter);
  const url = new URL(submitter.getAttribute('formaction') ?? form.getAttribute('action') ?? document.URL, document.URL);
  const method = (submitter.getAttribute('formmethod') ?? form.method).toUpperCase();
  const entries = [...data.entries()].map(([name, value]) => [name, String(value)] as [string, string]);
  return { url, enctype: method === 'GET' ? 'GET' : (submitter.getAttribute('formenctype') ?? form.enctype), entries };
}

/** What a post's body is: multipart as the form says, or URL-encoded. */
export function bodyOf(post: FormPost): FormData | URLSearchParams {
  if (post.enctype !== 'multipart/form-data') return new URLSearchParams(post.entries);
  const body = new FormData();
  for (const [name, value] of post.entries) body.append(name, value);
  return body;
}

/** An element's text without scripts and styles, whitespace collapsed. */
function textOf(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const inner of copy.querySelectorAll('script, style, template')) inner.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}
