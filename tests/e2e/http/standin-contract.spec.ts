import type { APIRequestContext } from '@playwright/test';
import { expect, httpTest as test } from '../support/fixtures';

/**
 * The stand-in is at least as strict as the provider (docs/provider-contract.md §8): each route
 * takes only its own encoding, required fields are checked, only one API generation is served at
 * a time, and answers have the documented shapes. If it accepted what the provider refuses, the
 * flows' tests could not catch the client sending it.
 */
const LEGACY = () => process.env.E2E_LEGACY_STANDIN_URL!;
const APP = () => process.env.E2E_APP_URL!;

/** A sign-in request at a stand-in, as the authorization endpoint starts one. */
async function newRequest(request: APIRequestContext, standinUrl: string, appUrl = APP()): Promise<string> {
  const response = await request.get(`${standinUrl}/authz-srv/authz`, {
    params: { client_id: process.env.E2E_CLIENT_ID!, redirect_uri: `${appUrl}/auth/callback`, response_type: 'code', scope: 'openid' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return new URL(response.headers().location).searchParams.get('requestId')!;
}

/** The password step over HTTP: returns where the provider sends the browser after it. */
async function afterPassword(request: APIRequestContext, standinUrl: string, email: string) {
  const requestId = await newRequest(request, standinUrl);
  const initiated = await request.post(`${standinUrl}/verification-srv/v2/authenticate/initiate/password`, {
    data: { type: 'PASSWORD', usage_type: 'PASSWORDLESS_AUTHENTICATION', request_id: requestId, medium_id: 'PASSWORD', email },
  });
  const exchangeId = (await initiated.json()).data.exchange_id.exchange_id;
  const checked = await request.post(`${standinUrl}/verification-srv/v2/authenticate/authenticate/password`, {
    data: { type: 'PASSWORD', exchange_id: exchangeId, password: 'KitchenDemo2026', requestId },
  });
  const { sub, status_id } = (await checked.json()).data;
  const login = await request.post(`${standinUrl}/login-srv/verification/login`, {
    form: { requestId, sub, status_id, verificationType: 'password', rememberMe: 'true' },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  return { requestId, sub, next: new URL(login.headers().location) };
}

const tag = () => `${test.info().project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('a JSON API refuses a form body as its service does', async ({ request, standin }) => {
  const requestId = await newRequest(request, standin.url);
  const initiate = await request.post(`${standin.url}/verification-srv/v2/authenticate/initiate/email`, { form: { request_id: requestId } });
  expect(initiate.status()).toBe(400);
  expect((await initiate.json()).error.code).toBe('VER1003');
  const reset = await request.post(`${standin.url}/password-srv/resetpassword?action=initiatereset`, { form: { requestId, email: 'a@example.com' } });
  expect(reset.status()).toBe(400);
  expect((await reset.json()).error.code).toBe('VER_0004');
  const exists = await request.post(`${standin.url}/useractions-srv/userexistence/${requestId}`, { form: { email: 'a@example.com' } });
  expect(exists.status()).toBe(415);
});

test('a browser-facing endpoint reads a JSON body as a form without fields (and refuses the step)', async ({ request, standin }) => {
  const { requestId, sub, next } = await afterPassword(request, standin.url, `mfa.email+contract-${tag()}@example.com`);
  const trackId = next.searchParams.get('track_id')!;
  const json = await request.post(`${standin.url}/login-srv/precheck/continue/${trackId}`, { data: { track_id: trackId, sub, requestId }, maxRedirects: 0 });
  expect(json.status()).toBe(302);
  expect(new URL(json.headers().location).searchParams.get('error_description')).toBe('precheck is invalid or used');
  const verify = await request.post(`${standin.url}/verification-actions-srv/account/initiation`, {
    data: { requestId, processingType: 'LINK', email: 'a@example.com' },
    maxRedirects: 0,
  });
  expect(verify.status()).toBe(302);
  expect(new URL(verify.headers().location).searchParams.get('error_code')).toBe('VER_0006');
});

test("a precheck continuation must name the sign-in's requestId", async ({ request, standin }) => {
  const { requestId, sub, next } = await afterPassword(request, standin.url, `mfa.email+contract-${tag()}@example.com`);
  expect(next.pathname).toBe('/register-mfa');
  const trackId = next.searchParams.get('track_id')!;
  const without = await request.post(`${standin.url}/login-srv/precheck/continue/${trackId}`, { form: { track_id: trackId, sub }, maxRedirects: 0 });
  expect(new URL(without.headers().location).searchParams.get('error_description')).toBe('precheck is invalid or used');
  // With it, the check moves on to the second factor's status (missing here).
  const withIt = await request.post(`${standin.url}/login-srv/precheck/continue/${trackId}`, { form: { track_id: trackId, sub, requestId }, maxRedirects: 0 });
  expect(new URL(withIt.headers().location).searchParams.get('error_description')).toBe('verification is invalid or used');
});

test("medium_id must be one of the account's configured mediums", async ({ request, standin }) => {
  const { requestId, sub } = await afterPassword(request, standin.url, `mfa.email+contract-${tag()}@example.com`);
  const initiate = (medium: string) =>
    request.post(`${standin.url}/verification-srv/v2/authenticate/initiate/email`, {
      data: { type: 'EMAIL', usage_type: 'MULTIFACTOR_AUTHENTICATION', request_id: requestId, medium_id: medium, sub },
    });
  const wrong = await initiate('sms-1');
  expect(wrong.status()).toBe(400);
  expect((await wrong.json()).error.code).toBe('VER1004');
  expect((await initiate('email-1')).status()).toBe(200);
});

test('the precheck metadata has the documented envelope', async ({ request, standin }) => {
  const { next } = await afterPassword(request, standin.url, `groups.many+contract-${tag()}@example.com`);
  expect(next.pathname).toBe('/group-selection');
  const metadata = await request.get(`${standin.url}/token-srv/prelogin/metadata/${next.searchParams.get('track_id')}`);
  const body = await metadata.json();
  expect(Object.keys(body.data).sort()).toEqual(['logged_in', 'meta_data', 'used', 'validation_type']);
  expect(body.data.meta_data.selectableGroups[0]).toMatchObject({ groupId: expect.any(String), groupName: expect.any(String) });
});

test("one API generation at a time: the other generation's paths are not there", async ({ request, standin }) => {
  const currentId = await newRequest(request, standin.url);
  expect((await request.post(`${standin.url}/users-srv/resetpassword/initiate`, { data: { requestId: currentId } })).status()).toBe(404);
  expect((await request.post(`${standin.url}/verification-srv/account/initiate/sdk`, { data: { requestId: currentId } })).status()).toBe(404);

  const legacyId = await newRequest(request, LEGACY(), process.env.E2E_LEGACY_APP_URL!);
  expect((await request.post(`${LEGACY()}/password-srv/resetpassword?action=initiatereset`, { data: { requestId: legacyId } })).status()).toBe(404);
  expect((await request.post(`${LEGACY()}/verification-actions-srv/account/initiation`, { form: { requestId: legacyId } })).status()).toBe(404);
  // The legacy browser variant of the confirmation is a form endpoint: JSON reaches it without fields.
  const browserVariant = await request.post(`${LEGACY()}/verification-srv/account/initiate`, {
    data: { requestId: legacyId, email: 'a@example.com', processingType: 'LINK' },
    maxRedirects: 0,
  });
  expect(browserVariant.status()).toBe(302);
  expect(new URL(browserVariant.headers().location).searchParams.get('error_code')).toBe('VER_0006');
});

test("the hosted-page API wants an admin client's bearer token", async ({ request, standin }) => {
  expect((await request.get(`${standin.url}/hostedpages-srv/hpgroup/sales-portal-signin`)).status()).toBe(401);
  const token = await request.post(`${standin.url}/token-srv/token`, {
    data: { grant_type: 'client_credentials', client_id: process.env.E2E_CLIENT_ID, client_secret: 'not-the-admin' },
  });
  expect(token.status()).toBe(401);
});

test('a push request answers as documented: a status id, the status by it, JSON only', async ({ request, standin }) => {
  const { requestId, sub, next } = await afterPassword(request, standin.url, `mfa.push+contract-${tag()}@example.com`);
  const initiate = { type: 'PUSH', usage_type: 'MULTIFACTOR_AUTHENTICATION', request_id: requestId, sub, trackId: next.searchParams.get('track_id') };
  // A medium that is not the account's device is refused like any other (§2.4).
  expect((await request.post(`${standin.url}/verification-srv/v2/authenticate/initiate/push`, { data: { ...initiate, medium_id: 'other' } })).status()).toBe(
    400,
  );
  const initiated = (
    await (await request.post(`${standin.url}/verification-srv/v2/authenticate/initiate/push`, { data: { ...initiate, medium_id: 'push-1' } })).json()
  ).data;
  expect(Object.keys(initiated).sort()).toEqual(['exchange_id', 'push_selected_number', 'status_id']);
  const status = (id: string, options: Parameters<APIRequestContext['post']>[1] = { data: {} }) =>
    request.post(`${standin.url}/verification-srv/v2/notification/status/${id}`, options);

  expect((await (await status(initiated.status_id)).json()).data).toEqual({ status: 'INITIATED' });
  expect((await (await status(initiated.status_id, { form: { a: 'b' } })).json()).error.code).toBe('VER1003');
  expect((await (await status('not-a-uuid')).json()).error.code).toBe('VER1075');
  expect((await status(crypto.randomUUID())).status()).toBe(204);
  // The exchange id is not the status id.
  expect((await status(initiated.exchange_id.exchange_id)).status()).toBe(204);
});

test('the consent service: JSON only, its ids and the account required, 404 for an unknown version, the track vouches for the account, 204 once accepted', async ({
  request,
  standin: { url: standin },
}) => {
  const { requestId, sub, next } = await afterPassword(request, standin, `terms.new+contract-${test.info().retry}-${Date.now()}@example.com`);
  // The consent precheck's page, with what the consent calls need.
  expect(next.pathname).toBe('/consent');
  const trackId = next.searchParams.get('track_id')!;
  expect(Object.fromEntries(next.searchParams)).toMatchObject({ sub, requestId, consent_id: 'portal-terms', consent_version_id: 'portal-terms-v2' });
  const info = `${standin}/consent-management-srv/v2/consent/usage/public/info`;
  const accept = `${standin}/consent-management-srv/v2/consent/usage/accept`;
  const ids = { consent_id: 'portal-terms', consent_version_id: 'portal-terms-v2' };
  expect((await request.post(info, { form: { ...ids, sub } })).status()).toBe(415);
  expect((await request.post(info, { data: { consent_id: 'portal-terms', sub } })).status()).toBe(400);
  expect((await request.post(info, { data: ids })).status()).toBe(400);
  expect((await request.post(info, { data: { ...ids, consent_version_id: 'nope', sub } })).status()).toBe(404);
  expect((await (await request.post(info, { data: { ...ids, sub } })).json()).data).toMatchObject({
    consent_name: 'Terms of use',
    consent_version_id: 'portal-terms-v2',
  });
  const client_id = process.env.E2E_CLIENT_ID!;
  expect((await request.post(accept, { data: { ...ids, sub, trackId } })).status()).toBe(400);
  expect((await request.post(accept, { data: { ...ids, sub, client_id } })).status()).toBe(401);
  expect((await request.post(accept, { data: { ...ids, sub: 'somebody-else', client_id, trackId } })).status()).toBe(401);
  // The precheck is not continued before the acceptance.
  const early = await request.post(`${standin}/login-srv/precheck/continue/${trackId}`, { form: { track_id: trackId, sub, requestId }, maxRedirects: 0 });
  expect(new URL(early.headers().location).searchParams.get('error')).toBe('invalid_request');
  expect((await request.post(accept, { data: { ...ids, sub, client_id, trackId, action_type: 'login' } })).status()).toBe(200);
  expect((await request.post(accept, { data: { ...ids, sub, client_id, trackId, action_type: 'login' } })).status()).toBe(204);
  // The localised details: the current generation only.
  expect((await request.get(`${standin}/consent-management-srv/v2/consent/versions/details/portal-terms`, { params: { locale: 'de-DE' } })).status()).toBe(200);
  expect((await request.get(`${LEGACY()}/consent-management-srv/v2/consent/versions/details/portal-terms`, { params: { locale: 'de-DE' } })).status()).toBe(
    404,
  );
});
