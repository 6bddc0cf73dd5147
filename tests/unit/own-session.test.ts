import * as client from 'openid-client';
import { describe, expect, test, vi } from 'vitest';
import { refusalOf, renewalRefused } from '@/lib/auth/refusals';
import { needsRenewal } from '@/lib/auth/signed-in';
import { accessTokenClaims, groupFromClaims, missingScopes } from '@/lib/auth/token-claims';
import { SubjectChangedError, TokenInputError } from '@/lib/provider/tokens';

const NOW = Date.UTC(2026, 10, 21, 12);
const nowS = NOW / 1000;

describe('renewal timing', () => {
  test('60 s before expiry, not earlier', () => {
    const user = { issuedAt: nowS, expiresAt: nowS + 3600 };
    expect(needsRenewal(user, (user.expiresAt - 61) * 1000)).toBe(false);
    expect(needsRenewal(user, (user.expiresAt - 60) * 1000)).toBe(true);
    expect(needsRenewal(user, (user.expiresAt + 5) * 1000)).toBe(true);
  });

  test('a token living under two minutes is renewed halfway, not on every request', () => {
    const user = { issuedAt: nowS, expiresAt: nowS + 4 };
    expect(needsRenewal(user, (nowS + 1) * 1000)).toBe(false);
    expect(needsRenewal(user, (nowS + 2) * 1000)).toBe(true);
  });
});

describe('the chosen group in a token or userinfo', () => {
  test('selected_group with id and name, or the id alone; anything else is no group', () => {
    expect(groupFromClaims({ selected_group: { groupId: 'g-1', groupName: 'Nord' } })).toEqual({ id: 'g-1', name: 'Nord' });
    expect(groupFromClaims({ selected_group: { groupId: 'g-1' } })).toEqual({ id: 'g-1', name: undefined });
    expect(groupFromClaims({ selected_group: 'g-1' })).toEqual({ id: 'g-1', name: undefined });
    expect(groupFromClaims({ selected_group: { groupId: '' } })).toBeUndefined();
    expect(groupFromClaims({ selected_group: { groupName: 'Nord' } })).toBeUndefined();
    expect(groupFromClaims({ selected_group: 42 })).toBeUndefined();
    expect(groupFromClaims({})).toBeUndefined();
    expect(groupFromClaims(undefined)).toBeUndefined();
  });

  test("a JWT access token's claims are read; an opaque or broken token has none", () => {
    const jwt = (payload: unknown) => `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;
    expect(accessTokenClaims(jwt({ sub: 's', selected_group: { groupId: 'g-2' } }))).toEqual({ sub: 's', selected_group: { groupId: 'g-2' } });
    expect(groupFromClaims(accessTokenClaims(jwt({ selected_group: { groupId: 'g-2', groupName: 'Süd' } })))).toEqual({ id: 'g-2', name: 'Süd' });
    expect(accessTokenClaims('an-opaque-reference-token')).toBeUndefined();
    expect(accessTokenClaims('a.b.c')).toBeUndefined();
    expect(accessTokenClaims(jwt([1, 2]))).toBeUndefined();
    expect(accessTokenClaims(jwt('text'))).toBeUndefined();
  });

  test('the scopes asked for and not granted; an answer without scope granted all', () => {
    const asked = 'openid email profile groups roles';
    expect(missingScopes(asked, 'openid email profile groups roles')).toEqual([]);
    expect(missingScopes(asked, 'openid profile email')).toEqual(['groups', 'roles']);
    expect(missingScopes(asked, 'openid  email profile roles offline_access')).toEqual(['groups']);
    expect(missingScopes(asked, undefined)).toEqual([]);
  });
});

describe('callback errors', () => {
  test.each(['login_required', 'consent_required', 'interaction_required', 'account_selection_required', 'access_denied'])(
    'the provider answering %s means "sign in again"',
    (error) => {
      const params = new URLSearchParams({ error, state: 's' });
      expect(refusalOf(new client.AuthorizationResponseError('authorization response error', { cause: params }))).toBe(error);
    },
  );

  test('a used or expired code and a state mismatch mean "sign in again"; a network failure does not', () => {
    const response = new Response('{}', { status: 400 });
    const invalidGrant = new client.ResponseBodyError('server responded with an error', {
      cause: { error: 'invalid_grant', error_description: 'used' },
      response,
    });
    expect(refusalOf(invalidGrant)).toBe('invalid_grant');
    expect(refusalOf(new Error('unexpected "state" response parameter value'))).toBe('state_mismatch');
    const wrapped = new Error('invalid response encountered', { cause: new Error('unexpected "state" response parameter value') });
    expect(refusalOf(wrapped)).toBe('state_mismatch');
    expect(refusalOf(new TypeError('fetch failed'))).toBeUndefined();
    expect(refusalOf('nonsense')).toBeUndefined();
  });
});

describe("token calls refuse empty input with the spec's 417 messages, before any call", () => {
  test.each([
    ['refresh', 'refresh_token cannot be empty'],
    ['code', 'code cannot be empty'],
    ['introspection', 'token or token_type_hint cannot be empty'],
    ['introspection-hint', 'token or token_type_hint cannot be empty'],
  ])('%s → %s', async (call, message) => {
    vi.resetModules();
    const tokens = await import('@/lib/provider/tokens');
    const user = { idToken: 'i', accessToken: 'a', tokenType: 'Bearer', scope: '', profile: { sub: 's' }, issuedAt: 0, expiresAt: 0 };
    const attempt = {
      refresh: () => tokens.refreshUser(user),
      code: () => tokens.exchangeCode(new URL('http://localhost:3999/auth/callback?state=x'), { state: 'x', nonce: 'n', codeVerifier: 'v', createdAt: 0 }),
      introspection: () => tokens.introspect('', 'access_token'),
      'introspection-hint': () => tokens.introspect('token', ''),
    }[call]!;
    await expect(attempt()).rejects.toMatchObject({ status: 417, message });
  });
});

describe('renewal outcomes', () => {
  test('a refused refresh or another subject ends the session; no answer from the provider does not', () => {
    const body = (error: string, status: number) =>
      new client.ResponseBodyError('server responded with an error', { cause: { error }, response: new Response('{}', { status }) });
    expect(renewalRefused(body('invalid_grant', 400))).toBe('invalid_grant');
    expect(renewalRefused(body('invalid_request', 400))).toBe('invalid_request');
    expect(renewalRefused(new SubjectChangedError('other'))).toBe('subject_changed');
    expect(renewalRefused(new TokenInputError('refresh_token cannot be empty'))).toBe('no_refresh_token');
    expect(renewalRefused(body('server_error', 503))).toBeUndefined();
    expect(renewalRefused(new TypeError('fetch failed'))).toBeUndefined();
    expect(renewalRefused(Object.assign(new Error('timeout'), { name: 'TimeoutError' }))).toBeUndefined();
  });
});
