import { beforeEach, describe, expect, test, vi } from 'vitest';
import { calls, replies, reply } from './support/recorded-provider';

/**
 * lib/provider/consent.ts against the shapes the sources give (docs/provider-contract.md §2.17):
 * the localised version details (the JS SDK's `ConsentVersion` type), the public usage information
 * (the Android and iOS SDK models), the acceptance's 200 and 204; and the sanitiser.
 */
vi.mock('@/lib/provider/http', async () => (await import('./support/recorded-provider')).recordedHttp);
const { readConsent, acceptConsent, acceptBody, sanitizeConsentHtml } = await import('@/lib/provider/consent');

const notFound = reply(404, { success: false, status: 404, error: { code: 404, error: 'consent not found' } });
const request = {
  consentId: 'portal-terms',
  versionId: 'v-2',
  sub: 'sub-1',
  trackId: 'track-1',
  requestId: 'request-12345678',
  clientId: 'client-1',
  locale: 'de-DE',
};

beforeEach(() => {
  calls.length = 0;
  replies.length = 0;
});

describe('reading the text', () => {
  test('the version details first, in the page language: title, version, sanitised text, https link, the text’s language', async () => {
    replies.push(
      reply(200, {
        success: true,
        status: 200,
        data: {
          id: 'v-2',
          version: 2,
          consent_locale: {
            consent_version_id: 'v-2',
            title: 'Nutzungsbedingungen',
            content: '<p>Text <b>fett</b></p>',
            url: 'https://example.com/t',
            locale: 'de',
          },
        },
      }),
    );
    expect(await readConsent(request)).toEqual({
      kind: 'found',
      text: { title: 'Nutzungsbedingungen', version: '2', html: '<p>Text <b>fett</b></p>', url: 'https://example.com/t', locale: 'de' },
    });
    expect(calls.map((c) => [c.method, c.path, c.query])).toEqual([
      ['GET', '/consent-management-srv/v2/consent/versions/details/portal-terms', { locale: 'de-DE' }],
    ]);
  });

  test('a list of versions: the one asked for; `consent_locales` when there is no `consent_locale`', async () => {
    replies.push(
      reply(200, {
        success: true,
        data: [
          { id: 'v-1', version: 1, consent_locale: { title: 'Old', content: 'old' } },
          { id: 'v-2', version: 2, consent_locales: [{ title: 'New', content: 'new' }] },
        ],
      }),
    );
    expect(await readConsent(request)).toMatchObject({ kind: 'found', text: { title: 'New', version: '2', html: '<p>new</p>' } });
  });

  test('details not served (404), or naming another version: the public usage information, with sub, track, request and client', async () => {
    const info = reply(200, {
      success: true,
      status: 200,
      data: {
        consent_id: 'portal-terms',
        consent_name: 'Terms of use',
        consent_version_id: 'v-2',
        content: 'Line one\nline two\n\nNext',
        url: null,
        scopes: [],
      },
    });
    replies.push(notFound, info);
    expect(await readConsent(request)).toEqual({ kind: 'found', text: { title: 'Terms of use', html: '<p>Line one<br />line two</p><p>Next</p>' } });
    expect(calls[1]).toMatchObject({
      method: 'POST',
      path: '/consent-management-srv/v2/consent/usage/public/info',
      body: { consent_id: 'portal-terms', consent_version_id: 'v-2', sub: 'sub-1', track_id: 'track-1', requestId: 'request-12345678', client_id: 'client-1' },
    });
    calls.length = 0;
    replies.push(reply(200, { success: true, data: { id: 'v-3', version: 3, consent_locale: { content: 'newer' } } }), info);
    expect((await readConsent(request)).kind).toBe('found');
    expect(calls.map((c) => c.operation)).toEqual(['consent.version', 'consent.info']);
  });

  test('a masked account (`q`) is sent as q; only a link is enough; unknown consent or version: unknown', async () => {
    replies.push(notFound, reply(200, { success: true, data: { consent_name: 'Privacy', url: 'https://example.com/privacy' } }));
    expect(await readConsent({ ...request, masked: true })).toEqual({ kind: 'found', text: { title: 'Privacy', url: 'https://example.com/privacy' } });
    expect(calls[1].body).toMatchObject({ q: 'sub-1' });
    expect(calls[1].body).not.toHaveProperty('sub');
    replies.push(notFound, notFound);
    expect(await readConsent(request)).toEqual({ kind: 'unknown' });
  });

  test('neither text nor an https link, or a 5xx: a failure, not an empty page', async () => {
    replies.push(notFound, reply(200, { success: true, data: { consent_name: 'T', url: 'http://insecure.example/t', content: '' } }));
    await expect(readConsent(request)).rejects.toMatchObject({ kind: 'invalid-response' });
    replies.push(reply(503, { success: false, status: 503 }));
    await expect(readConsent(request)).rejects.toMatchObject({ kind: 'rejected', status: 503 });
  });
});

describe('sanitising the text', () => {
  test('scripts, styles, event handlers, images, forms and frames go; formatting stays', () => {
    const html = sanitizeConsentHtml(
      '<h1 style="color:red">Terms</h1><script>alert(1)</script><style>p{}</style><p onclick="alert(1)" class="x">Hello <strong>you</strong></p>' +
        '<img src="https://tracker.example/p.gif" onerror="alert(2)"><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="a"></form><ul><li>one</li></ul>',
    );
    expect(html).toBe('<h3>Terms</h3><p>Hello <strong>you</strong></p><ul><li>one</li></ul>');
  });

  test('only https links, and those without a target or handlers; any other link is its text', () => {
    const html = sanitizeConsentHtml(
      '<a href="https://example.com/t" target="_blank" onmouseover="x()">terms</a> <a href="javascript:alert(1)">js</a> <a href="JaVaScRiPt&colon;alert(1)">js2</a> <a href="http://example.com">plain</a> <a href="data:text/html,x">data</a> <a href="//evil.example">rel</a>',
    );
    expect(html).toBe(
      '<a href="https://example.com/t" rel="noopener noreferrer">terms</a> <span>js</span> <span>js2</span> <span>plain</span> <span>data</span> <span>rel</span>',
    );
  });

  test('plain text is escaped, in paragraphs', () => {
    expect(sanitizeConsentHtml('a < b & c\n\nd')).toBe('<p>a &lt; b &amp; c</p><p>d</p>');
  });
});

describe('accepting', () => {
  test('the body: client, consent, version, sub (or q), the track, action_type login', () => {
    expect(acceptBody(request)).toEqual({
      client_id: 'client-1',
      consent_id: 'portal-terms',
      consent_version_id: 'v-2',
      sub: 'sub-1',
      trackId: 'track-1',
      action_type: 'login',
    });
    expect(acceptBody({ ...request, masked: true })).toMatchObject({ q: 'sub-1' });
  });

  test('200 accepted, 204 accepted before, `data: true`: accepted; 404: unknown', async () => {
    replies.push(reply(200, { success: true, status: 200, data: { accepted: true, consent_id: 'portal-terms', consent_version_id: 'v-2' } }));
    expect(await acceptConsent(request)).toEqual({ kind: 'accepted' });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/consent-management-srv/v2/consent/usage/accept' });
    replies.push(reply(204, null), reply(200, { success: true, data: true }), notFound);
    expect(await acceptConsent(request)).toEqual({ kind: 'accepted' });
    expect(await acceptConsent(request)).toEqual({ kind: 'accepted' });
    expect(await acceptConsent(request)).toEqual({ kind: 'unknown' });
  });

  test('the tenant’s 4xx is its answer: 401 and 403 the track no longer vouches, another 4xx a refusal with its code', async () => {
    replies.push(
      reply(400, { success: false, status: 400, error: { code: 'CONSENT_400', error: 'action_type is invalid' } }),
      reply(401, { success: false, status: 401 }),
      reply(403, { success: false, status: 403 }),
      reply(409, { success: false, status: 409, error: { code: 409 } }),
    );
    expect(await acceptConsent(request)).toEqual({ kind: 'refused', status: 400, code: 'CONSENT_400' });
    expect(await acceptConsent(request)).toEqual({ kind: 'not-authorised' });
    expect(await acceptConsent(request)).toEqual({ kind: 'not-authorised' });
    expect(await acceptConsent(request)).toMatchObject({ kind: 'refused', status: 409 });
  });

  test('`accepted: false`, a 5xx: failures', async () => {
    replies.push(reply(200, { success: true, data: { accepted: false } }), reply(503, { success: false, status: 503 }));
    await expect(acceptConsent(request)).rejects.toMatchObject({ kind: 'invalid-response' });
    await expect(acceptConsent(request)).rejects.toMatchObject({ kind: 'rejected', status: 503 });
  });
});

describe('the terms’ links in the page (app/consent/new-tab-html.ts)', () => {
  test('each sanitised link opens a new tab and says so in the page’s language', async () => {
    const { linksInNewTab } = await import('@/app/consent/new-tab-html');
    const html = sanitizeConsentHtml('<p>See the <a href="https://example.com/t">terms</a> and <a href="https://example.com/p">privacy</a>.</p>');
    expect(linksInNewTab(html, '(öffnet in einem neuen Tab)', 'de-DE')).toBe(
      '<p>See the <a target="_blank" href="https://example.com/t" rel="noopener noreferrer">terms<span class="visually-hidden" lang="de-DE"> (öffnet in einem neuen Tab)</span></a>' +
        ' and <a target="_blank" href="https://example.com/p" rel="noopener noreferrer">privacy<span class="visually-hidden" lang="de-DE"> (öffnet in einem neuen Tab)</span></a>.</p>',
    );
    // Text that looks like a link is text (escaped by the sanitiser): untouched.
    const escaped = sanitizeConsentHtml('<p>Write &lt;a href="x"&gt;…&lt;/a&gt; for a link.</p>');
    expect(linksInNewTab(escaped, 'x', 'en')).toBe(escaped);
  });
});
