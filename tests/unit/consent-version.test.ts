import { beforeEach, expect, test, vi } from 'vitest';
import { calls, replies, reply } from './support/recorded-provider';

/**
 * Only the consent version the tenant's pending step asks is taken from an address (security
 * review, issue 43: an older version already accepted, put in the address, completed the sign-in):
 * the track's metadata where it names one, else the consent's current version.
 */
vi.mock('@/lib/provider/http', async () => (await import('./support/recorded-provider')).recordedHttp);
const { namesPendingVersion } = await import('@/lib/flows/consent-version');

const entry = (versionId: string, consentId = 'portal-terms') => ({
  requestId: 'request-12345678',
  trackId: 'track-12345678',
  consent: { consentId, versionId },
  locale: 'en-GB',
});
const metadata = (meta: Record<string, unknown>) => reply(200, { success: true, status: 200, data: { used: false, meta_data: meta } });

beforeEach(() => {
  calls.length = 0;
  replies.length = 0;
});

test('the metadata names the consent and version asked: only those', async () => {
  replies.push(metadata({ consent_id: 'portal-terms', consent_version_id: 'v-2' }));
  expect(await namesPendingVersion(entry('v-2'))).toBe(true);
  replies.push(metadata({ consent_id: 'portal-terms', consent_version_id: 'v-2' }));
  expect(await namesPendingVersion(entry('v-1'))).toBe(false);
  replies.push(metadata({ consent_id: 'privacy', consent_version_id: 'v-2' }));
  expect(await namesPendingVersion(entry('v-2'))).toBe(false);
  expect(calls.map((c) => c.path)).toEqual(Array(3).fill('/token-srv/prelogin/metadata/track-12345678'));
});

test('metadata naming none: the consent’s current version (its details: one version, or the highest of a list)', async () => {
  replies.push(metadata({}), reply(200, { success: true, data: { id: 'v-2', version: 2 } }));
  expect(await namesPendingVersion(entry('v-1'))).toBe(false);
  expect(calls[1].path).toBe('/consent-management-srv/v2/consent/versions/details/portal-terms');
  replies.push(
    metadata({}),
    reply(200, {
      success: true,
      data: [
        { id: 'v-1', version: 1 },
        { id: 'v-3', version: 3 },
        { id: 'v-2', version: 2 },
      ],
    }),
  );
  expect(await namesPendingVersion(entry('v-3'))).toBe(true);
});

test('nothing says which: the address’s version, as before; a track no longer known is left to the binding', async () => {
  replies.push(metadata({}), reply(404, { success: false, status: 404, error: { code: 404 } }));
  expect(await namesPendingVersion(entry('v-1'))).toBe(true);
  replies.push({ status: 204, json: undefined, location: undefined });
  expect(await namesPendingVersion(entry('v-1'))).toBe(true);
});
