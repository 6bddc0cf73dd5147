import { beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ERROR_PAGE_WITH_REF,
  expired,
  flowNow,
  form,
  garbage,
  idle,
  OTHER_REQUEST,
  outage,
  redirectedTo,
  replaced,
  REQUEST,
  resetRequest,
  withFlow,
} from './support';

vi.mock('@/lib/provider/consent', () => ({ acceptConsent: vi.fn() }));

const { acceptTerms, declineTerms } = await import('@/app/consent/actions');
const { acceptConsent } = await import('@/lib/provider/consent');
const { getConfig } = await import('@/lib/config');

const consent = { consentId: 'portal-terms', versionId: 'v-2' };
const consentFlow = (values = {}) => withFlow({ sub: 'sub-1', precheck: { kind: 'consent', trackId: 'track-1', consent }, ...values });
const accept = () => acceptTerms(idle, form({ requestId: REQUEST }));
const decline = () => declineTerms(idle, form({ requestId: REQUEST }));

beforeEach(async () => {
  resetRequest();
  vi.mocked(acceptConsent).mockReset().mockResolvedValue({ kind: 'accepted' });
  await consentFlow();
});

describe('Accept (app/consent/actions.ts acceptTerms)', () => {
  test('the tenant records it for the flow’s account, track and client; on to the precheck continuation', async () => {
    expect(await redirectedTo(accept())).toBe(`/continue?requestId=${REQUEST}`);
    expect(acceptConsent).toHaveBeenCalledWith({
      consentId: 'portal-terms',
      versionId: 'v-2',
      sub: 'sub-1',
      masked: undefined,
      trackId: 'track-1',
      requestId: REQUEST,
      clientId: getConfig().clientId,
      locale: 'en-GB',
    });
    expect((await flowNow())?.continuation).toEqual({ target: 'precheck-continue', trackId: 'track-1', sub: 'sub-1' });
  });

  test('the client and the masked form the page named are the ones sent; accepting after a decline clears it', async () => {
    await consentFlow({ precheck: { kind: 'consent', trackId: 'track-1', consent: { ...consent, clientId: 'other-client', masked: true, declined: true } } });
    await redirectedTo(accept());
    expect(acceptConsent).toHaveBeenCalledWith(expect.objectContaining({ clientId: 'other-client', masked: true }));
    expect((await flowNow())?.precheck?.consent?.declined).toBeUndefined();
  });

  test('a version the tenant does not know (404): said on the form, nothing continues', async () => {
    vi.mocked(acceptConsent).mockResolvedValueOnce({ kind: 'unknown' });
    expect(await accept()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'consentNotRecorded' });
    expect((await flowNow())?.continuation).toBeUndefined();
  });

  test('no answer: "not responding" with a reference; an answer nobody can read or a 5xx: the error page', async () => {
    vi.mocked(acceptConsent).mockRejectedValueOnce(outage());
    expect(await accept()).toMatchObject({ status: 'invalid', formError: 'serviceUnavailable', reference: expect.stringMatching(/^[0-9A-F]{10}$/) });
    vi.mocked(acceptConsent).mockRejectedValueOnce(garbage());
    expect(await redirectedTo(accept())).toMatch(ERROR_PAGE_WITH_REF);
    expect((await flowNow())?.continuation).toBeUndefined();
  });

  test('the tenant’s refusal is an answer, never the error page: its track no longer vouches, the expired page; another, said on the form', async () => {
    vi.mocked(acceptConsent).mockResolvedValueOnce({ kind: 'not-authorised' });
    expect(await redirectedTo(accept())).toBe(expired);
    await consentFlow();
    vi.mocked(acceptConsent).mockResolvedValueOnce({ kind: 'refused', status: 400, code: 'CONSENT_400' });
    expect(await accept()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'consentRefused' });
    expect((await flowNow())?.continuation).toBeUndefined();
  });

  test('not at the consent step: expired; another sign-in in the cookie: replaced; nothing is sent', async () => {
    await withFlow({ sub: 'sub-1', precheck: { kind: 'login-success', trackId: 'track-1' } });
    expect(await redirectedTo(accept())).toBe(expired);
    await withFlow({ requestId: OTHER_REQUEST, sub: 'sub-1', precheck: { kind: 'consent', trackId: 'track-1', consent } });
    expect(await redirectedTo(accept())).toBe(replaced);
    expect(acceptConsent).not.toHaveBeenCalled();
  });
});

describe('Decline (app/consent/actions.ts declineTerms)', () => {
  test('nothing is sent and nothing continues: the declined page, the decline kept in the flow', async () => {
    expect(await redirectedTo(decline())).toBe(`/consent/declined?requestId=${REQUEST}`);
    expect(acceptConsent).not.toHaveBeenCalled();
    const flow = await flowNow();
    expect(flow?.precheck).toEqual({ kind: 'consent', trackId: 'track-1', consent: { ...consent, declined: true } });
    expect(flow?.continuation).toBeUndefined();
  });

  test('a continuation left from before is dropped: declining never signs in', async () => {
    await consentFlow({ continuation: { target: 'precheck-continue', trackId: 'track-1', sub: 'sub-1' } });
    await redirectedTo(decline());
    expect((await flowNow())?.continuation).toBeUndefined();
  });

  test('not at the consent step: expired', async () => {
    await withFlow({ sub: 'sub-1' });
    expect(await redirectedTo(decline())).toBe(expired);
  });
});
