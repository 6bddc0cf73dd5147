import { beforeEach, describe, expect, test, vi } from 'vitest';
import { nextHeaders, nextIntlServer, resetRequest } from './support/next-request';

vi.mock('next/headers', () => nextHeaders);
vi.mock('next-intl/server', () => nextIntlServer);
vi.mock('react', async (original) => ({ ...(await original<typeof import('react')>()), cache: <T>(fn: T) => fn }));
vi.mock('@/lib/provider/prelogin', () => ({ isTrackOpen: vi.fn() }));

const { bindPrecheckEntry, bindUnverifiedEntry } = await import('@/lib/flows/entry-binding');
const { isTrackOpen } = await import('@/lib/provider/prelogin');
const { readFlow, startFlow } = await import('@/lib/session');

const REQUEST = 'request-a-12345678';
const TRACK = '11111111-1111-4111-8111-111111111111';
const OWN = 'sub-own-12345678';
const OTHER = 'sub-other-12345678';

describe("a provider entry's track and subject are bound to the sign-in", () => {
  beforeEach(() => {
    resetRequest();
    vi.mocked(isTrackOpen).mockReset();
  });

  test('the subject the password step met: bound, the clean page next, no extra provider call', async () => {
    await startFlow({ requestId: REQUEST, email: 'anna@example.com', sub: OWN });
    expect(await bindPrecheckEntry({ requestId: REQUEST, sub: OWN, kind: 'mfa', trackId: TRACK })).toBe(`/register-mfa?requestId=${REQUEST}`);
    expect(await readFlow()).toMatchObject({ sub: OWN, precheck: { kind: 'mfa', trackId: TRACK }, email: 'anna@example.com' });
    expect((await readFlow())?.subFromAddress).toBeUndefined();
    expect(isTrackOpen).not.toHaveBeenCalled();
  });

  test('another subject than the one the password step met is refused and nothing is bound', async () => {
    await startFlow({ requestId: REQUEST, sub: OWN });
    expect(await bindPrecheckEntry({ requestId: REQUEST, sub: OTHER, kind: 'group', trackId: TRACK })).toBe(
      `/error?reason=invalid-request&requestId=${REQUEST}`,
    );
    expect((await readFlow())?.precheck).toBeUndefined();
  });

  test('no flow of this sign-in: the subject is taken only for a track the provider confirms is open', async () => {
    vi.mocked(isTrackOpen).mockResolvedValueOnce(false);
    expect(await bindPrecheckEntry({ requestId: REQUEST, sub: OTHER, kind: 'mfa', trackId: TRACK })).toBe(`/error?reason=expired&requestId=${REQUEST}`);
    expect(await readFlow()).toBeNull();

    vi.mocked(isTrackOpen).mockResolvedValueOnce(true);
    expect(await bindPrecheckEntry({ requestId: REQUEST, sub: OTHER, kind: 'login-success', trackId: TRACK })).toBe(`/login-success?requestId=${REQUEST}`);
    expect(await readFlow()).toMatchObject({ requestId: REQUEST, sub: OTHER, precheck: { kind: 'login-success' } });
    // An open track may be one's own with somebody else's subject: marked, so nothing of it is shown.
    expect((await readFlow())?.subFromAddress).toBe(true);
  });

  test("another sign-in's flow in the cookie is replaced only after the provider confirms the track", async () => {
    await startFlow({ requestId: 'request-b-12345678', sub: OWN });
    vi.mocked(isTrackOpen).mockResolvedValueOnce(true);
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
