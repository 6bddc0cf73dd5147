import { CookieJar, JSDOM } from 'jsdom';

/**
 * A browser without JavaScript, reduced to what it sends: it loads a page, keeps the cookies
 * (tough-cookie, as jsdom uses it), and submits a form the way the browser does: the form's own
 * fields and the pressed button (the HTML form-data set, which jsdom computes), to the form's
 * action with its method and encoding. It follows redirects as a browser does (303 and 302 turn
 * a POST into a GET) and an immediate <meta> refresh. No styles, images or scripts are fetched.
 *
 * For tests that repeat whole flows many times to prove something about the server
 * (replicas.spec.ts), where a real browser's drawing is most of the cost and proves nothing
 * more; every flow also runs in a real browser with JavaScript off in the flow specs. (forms.ts
 * posts single forms and hands back the raw answer, for checks of statuses and headers.)
 */
export class FormClient {
  readonly jar = new CookieJar();
  url = '';
  status = 0;
  private dom?: JSDOM;

  /** The page as parsed (no scripts run). */
  get document(): Document {
    if (!this.dom) throw new Error('no page loaded yet');
    return this.dom.window.document;
  }

  /** The page's text without its scripts, whitespace collapsed (for "Signed in as …"). */
  get text(): string {
    const body = this.document.body.cloneNode(true) as HTMLElement;
    for (const element of body.querySelectorAll('script, style, template')) element.remove();
    return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
  }

  async goto(url: string | URL): Promise<void> {
    await this.navigate(new URL(url, this.url || undefined), { method: 'GET' });
  }

  /**
   * Presses the submit button `button` (a CSS selector) after setting `fields` (by name; a
   * select takes an option's value), as a person filling the form in would.
   */
  async submit(button: string, fields: Record<string, string> = {}): Promise<void> {
    const submitter = this.document.querySelector<HTMLButtonElement>(button);
    const form = submitter?.form;
    if (!submitter || !form) throw new Error(`no submit button ${button} in a form at ${this.url} (${this.status})`);
    for (const [name, value] of Object.entries(fields)) {
      const field = form.elements.namedItem(name);
      if (field instanceof this.dom!.window.HTMLSelectElement) {
        if (![...field.options].some((o) => o.value === value)) throw new Error(`no option ${value} in ${name} at ${this.url}`);
        field.value = value;
      } else if (field instanceof this.dom!.window.HTMLInputElement) {
        field.value = value;
      } else {
        throw new Error(`no field ${name} in the form of ${button} at ${this.url}`);
      }
    }
    const data = new this.dom!.window.FormData(form, submitter);
    const action = new URL(submitter.getAttribute('formaction') ?? form.getAttribute('action') ?? this.url, this.url);
    const method = (submitter.getAttribute('formmethod') ?? form.method).toUpperCase();
    const entries = [...data.entries()].map(([name, value]) => [name, String(value)] as [string, string]);
    if (method === 'GET') {
      action.search = new URLSearchParams(entries).toString();
      return this.navigate(action, { method: 'GET' });
    }
    const enctype = submitter.getAttribute('formenctype') ?? form.enctype;
    let body: FormData | URLSearchParams;
    if (enctype === 'multipart/form-data') {
      body = new FormData();
      for (const [name, value] of entries) body.append(name, value);
    } else {
      body = new URLSearchParams(entries);
    }
    // A browser sends its origin with every form post (null for an opaque one, never here).
    return this.navigate(action, { method: 'POST', body, headers: { origin: new URL(this.url).origin } });
  }

  private async navigate(url: URL, init: { method: string; body?: FormData | URLSearchParams; headers?: Record<string, string> }) {
    let request = { url, ...init };
    for (let hop = 0; hop < 20; hop++) {
      const cookie = await this.jar.getCookieString(request.url.href);
      const response = await fetch(request.url, {
        method: request.method,
        body: request.body,
        headers: { ...request.headers, ...(cookie ? { cookie } : {}), accept: 'text/html' },
        redirect: 'manual',
      });
      for (const line of response.headers.getSetCookie()) await this.jar.setCookie(line, request.url.href, { ignoreError: true });
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
