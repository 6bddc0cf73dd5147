import { beforeEach, describe, expect, test, vi } from 'vitest';
import { nextHeaders, nextIntlServer, resetRequest } from './support/next-request';

vi.mock('next/headers', () => nextHeaders);
vi.mock('next-intl/server', () => nextIntlServer);
vi.mock('react', async (original) => ({ ...(await original<typeof import('react')>()), cache: <T>(fn: T) => fn }));
vi.mock('@/lib/provider/prelogin', () => ({ readTrackState: vi.fn(), getMissingFields: vi.fn() }));
vi.mock('@/lib/provider/progressive', () => ({ readTrackInfo: vi.fn() }));

const { bindMissingFieldsEntry, bindPrecheckEntry, bindUnverifiedEntry } = await import('@/lib/flows/entry-binding');
const { getMissingFields, readTrackState } = await import('@/lib/provider/prelogin');
const { readTrackInfo } = await import('@/lib/provider/progressive');
const { readFlow, startFlow } = await import('@/lib/session');

const REQUEST = 'request-a-12345678';
const TRACK = '11111111-1111-4111-8111-111111111111';
const OWN = 'sub-own-12345678';
const OTHER = 'sub-other-12345678';

describe("a provider entry's track and subject are bound to the sign-in", () => {
  beforeEach(() => {
    resetRequest();
    vi.mocked(readTrackState).mockReset();
  });

  test('the subject the password step met: bound, the clean page next, no extra provider call', async () => {
    await startFlow({ requestId: REQUEST, email: 'anna@example.com', sub: OWN });
    expect(await bindPrecheckEntry({ requestId: REQUEST, sub: OWN, kind: 'mfa', trackId: TRACK })).toBe(`/register-mfa?requestId=${REQUEST}`);
    expect(await readFlow()).toMatchObject({ sub: OWN, precheck: { kind: 'mfa', trackId: TRACK }, email: 'anna@example.com' });
    expect((await readFlow())?.subFromAddress).toBeUndefined();
    expect(readTrackState).not.toHaveBeenCalled();
  });

  test('another subject than the one the password step met is refused and nothing is bound', async () => {
    await startFlow({ requestId: REQUEST, sub: OWN });
    expect(await bindPrecheckEntry({ requestId: REQUEST, sub: OTHER, kind: 'group', trackId: TRACK })).toBe(
      `/error?reason=invalid-request&requestId=${REQUEST}`,
    );
    expect((await readFlow())?.precheck).toBeUndefined();
  });

  test('no flow of this sign-in: the subject is taken only for a track the provider confirms is open', async () => {
    vi.mocked(readTrackState).mockResolvedValueOnce({ open: false });
    expect(await bindPrecheckEntry({ requestId: REQUEST, sub: OTHER, kind: 'mfa', trackId: TRACK })).toBe(`/error?reason=expired&requestId=${REQUEST}`);
    expect(await readFlow()).toBeNull();

    vi.mocked(readTrackState).mockResolvedValueOnce({ open: true, sub: undefined });
    expect(await bindPrecheckEntry({ requestId: REQUEST, sub: OTHER, kind: 'login-success', trackId: TRACK })).toBe(`/login-success?requestId=${REQUEST}`);
    expect(await readFlow()).toMatchObject({ requestId: REQUEST, sub: OTHER, precheck: { kind: 'login-success' } });
    // An open track may be one's own with somebody else's subject: marked, so nothing of it is shown.
    expect((await readFlow())?.subFromAddress).toBe(true);
  });

  test('a track whose metadata names its account: another subject in the address is refused; the same one is bound as confirmed', async () => {
    vi.mocked(readTrackState).mockResolvedValueOnce({ open: true, sub: OWN });
    expect(await bindPrecheckEntry({ requestId: REQUEST, sub: OTHER, kind: 'mfa', trackId: TRACK })).toBe(`/error?reason=invalid-request&requestId=${REQUEST}`);
    expect(await readFlow()).toBeNull();
    // One's own open step with somebody else's subject, in a flow of one's own without a subject yet.
    await startFlow({ requestId: REQUEST });
    vi.mocked(readTrackState).mockResolvedValueOnce({ open: true, sub: OWN });
    expect(await bindPrecheckEntry({ requestId: REQUEST, sub: OTHER, kind: 'mfa', trackId: TRACK })).toBe(`/error?reason=invalid-request&requestId=${REQUEST}`);
    expect((await readFlow())?.sub).toBeUndefined();
    vi.mocked(readTrackState).mockResolvedValueOnce({ open: true, sub: OWN });
    expect(await bindPrecheckEntry({ requestId: REQUEST, sub: OWN, kind: 'mfa', trackId: TRACK })).toBe(`/register-mfa?requestId=${REQUEST}`);
    expect(await readFlow()).toMatchObject({ sub: OWN, precheck: { kind: 'mfa', trackId: TRACK } });
    expect((await readFlow())?.subFromAddress).toBeUndefined();
  });

  test("another sign-in's flow in the cookie is replaced only after the provider confirms the track", async () => {
    await startFlow({ requestId: 'request-b-12345678', sub: OWN });
    vi.mocked(readTrackState).mockResolvedValueOnce({ open: true, sub: undefined });
    await bindPrecheckEntry({ requestId: REQUEST, sub: OTHER, kind: 'group', trackId: TRACK, groupHint: 'north' });
    expect(await readFlow()).toMatchObject({ requestId: REQUEST, sub: OTHER, precheck: { kind: 'group', groupHint: 'north' } });
  });

  test('email_not_verified: only for the subject this sign-in met', async () => {
    expect(await bindUnverifiedEntry({ requestId: REQUEST, sub: OWN })).toBe(`/error?reason=expired&requestId=${REQUEST}`);
    await startFlow({ requestId: REQUEST, sub: OWN });
    expect(await bindUnverifiedEntry({ requestId: REQUEST, sub: OTHER })).toBe(`/error?reason=invalid-request&requestId=${REQUEST}`);
    expect(await bindUnverifiedEntry({ requestId: REQUEST, sub: OWN })).toBe(`/verify-email?requestId=${REQUEST}`);
  });
});

describe('register_additional_info: a login’s track or a newcomer’s, told apart by the provider', () => {
  const missing = (sub: string | undefined, requestId?: string) => ({ kind: 'missing' as const, fields: ['mobile_number'], identity: {}, sub, requestId });
  beforeEach(() => {
    resetRequest();
    vi.mocked(getMissingFields).mockReset();
    vi.mocked(readTrackInfo).mockReset();
  });

  test('a login’s track without a request in the address: this browser’s sign-in, its own account, the clean page', async () => {
    await startFlow({ requestId: REQUEST, sub: OWN });
    vi.mocked(getMissingFields).mockResolvedValueOnce(missing(OWN));
    expect(await bindMissingFieldsEntry({ trackId: TRACK, requestId: undefined })).toBe(`/register-additional-info?requestId=${REQUEST}`);
    expect(await readFlow()).toMatchObject({ requestId: REQUEST, sub: OWN, precheck: { kind: 'missing-fields', trackId: TRACK } });
    expect(readTrackInfo).not.toHaveBeenCalled();
  });

  test('the metadata names another account than this sign-in’s: refused, nothing bound', async () => {
    await startFlow({ requestId: REQUEST, sub: OWN });
    vi.mocked(getMissingFields).mockResolvedValueOnce(missing(OTHER));
    expect(await bindMissingFieldsEntry({ trackId: TRACK, requestId: REQUEST })).toBe(`/error?reason=invalid-request&requestId=${REQUEST}`);
    expect((await readFlow())?.precheck).toBeUndefined();
  });

  test('no sign-in here and no request anywhere: expired; the metadata’s request is taken where it names one', async () => {
    vi.mocked(getMissingFields).mockResolvedValueOnce(missing(OWN));
    expect(await bindMissingFieldsEntry({ trackId: TRACK, requestId: undefined })).toBe('/error?reason=expired');
    vi.mocked(getMissingFields).mockResolvedValueOnce(missing(OWN, REQUEST));
    expect(await bindMissingFieldsEntry({ trackId: TRACK, requestId: undefined })).toBe(`/register-additional-info?requestId=${REQUEST}`);
    expect(await readFlow()).toMatchObject({ requestId: REQUEST, sub: OWN });
  });

  test('no login’s track: a newcomer’s only where trackinfo confirms it for the request; bound without a subject', async () => {
    vi.mocked(getMissingFields).mockResolvedValue({ kind: 'gone' });
    vi.mocked(readTrackInfo).mockResolvedValueOnce({ kind: 'gone' });
    expect(await bindMissingFieldsEntry({ trackId: TRACK, requestId: REQUEST })).toBe(`/error?reason=expired&requestId=${REQUEST}`);
    expect(await readFlow()).toBeNull();
    vi.mocked(readTrackInfo).mockResolvedValueOnce({ kind: 'missing', fields: ['business_type'], identity: {} });
    expect(await bindMissingFieldsEntry({ trackId: TRACK, requestId: REQUEST })).toBe(`/register-additional-info?requestId=${REQUEST}`);
    expect(readTrackInfo).toHaveBeenLastCalledWith({ requestId: REQUEST, trackId: TRACK, locale: 'en-GB' });
    const flow = await readFlow();
    expect(flow).toMatchObject({ requestId: REQUEST, precheck: { kind: 'missing-fields', trackId: TRACK, newcomer: true } });
    expect(flow?.sub).toBeUndefined();
  });
});
