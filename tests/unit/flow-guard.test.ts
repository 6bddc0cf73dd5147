import { beforeEach, describe, expect, test, vi } from 'vitest';
import { form, nextHeaders, nextIntlServer, redirectedTo, resetRequest } from './support/next-request';

vi.mock('next/headers', () => nextHeaders);
vi.mock('next-intl/server', () => nextIntlServer);
vi.mock('react', async (original) => ({ ...(await original<typeof import('react')>()), cache: <T>(fn: T) => fn }));
vi.mock('@/lib/flows/first-page', () => ({ requestKnown: vi.fn(async () => undefined) }));
vi.mock('@/lib/user-session', () => ({ readUserSession: vi.fn(async () => ({})) }));

const { guardAction, requireFlow, withEmail, withPrecheck } = await import('@/lib/flows/flow-guard');
const { startFlow } = await import('@/lib/session');
const { requestKnown } = await import('@/lib/flows/first-page');
const { readUserSession } = await import('@/lib/user-session');
const { getConfig } = await import('@/lib/config');

const A = 'request-a-12345678';
const B = 'request-b-12345678';

describe('one sign-in, one carrier: the guard every step uses', () => {
  beforeEach(() => {
    resetRequest();
    vi.mocked(requestKnown).mockResolvedValue(undefined);
    vi.mocked(readUserSession).mockResolvedValue({});
  });

  test("a form of the cookie's own sign-in gets the flow, narrowed to what the step needs", async () => {
    await startFlow({ requestId: A, email: 'anna@example.com' });
    const flow = await guardAction(form({ requestId: A }), withEmail);
    expect(flow.email).toBe('anna@example.com');
  });

  test('a form of another sign-in (the cookie was replaced in another tab) is refused, pointing back to its own', async () => {
    await startFlow({ requestId: B, email: 'bob@example.com' });
    expect(await redirectedTo(guardAction(form({ requestId: A }), withEmail))).toBe(`/error?reason=replaced&requestId=${A}`);
  });

  test('no flow at all: expired, with the way back to the same request', async () => {
    expect(await redirectedTo(guardAction(form({ requestId: A }), withEmail))).toBe(`/error?reason=expired&requestId=${A}`);
  });

  test('a flow without what the step needs is expired too', async () => {
    await startFlow({ requestId: A, email: 'anna@example.com' });
    expect(await redirectedTo(guardAction(form({ requestId: A }), withPrecheck('mfa')))).toBe(`/error?reason=expired&requestId=${A}`);
  });

  test('a malformed request id is an invalid link; a missing one an expired page', async () => {
    await startFlow({ requestId: A, email: 'anna@example.com' });
    expect(await redirectedTo(guardAction(form({ requestId: '../../x' }), withEmail))).toBe('/error?reason=invalid-request');
    expect(await redirectedTo(guardAction(form({}), withEmail))).toBe('/error?reason=expired');
    expect(await redirectedTo(requireFlow(undefined, withEmail))).toBe('/error?reason=expired');
  });

  test('a stale page whose request the provider still knows starts that sign-in again there; its form is only told it expired', async () => {
    vi.mocked(requestKnown).mockResolvedValue(true);
    expect(await redirectedTo(requireFlow(A, withEmail))).toBe(new URL(`/authz-srv/authz/resolve_redirect/${A}`, getConfig().providerUrl).toString());
    expect(await redirectedTo(guardAction(form({ requestId: A }), withEmail))).toBe(`/error?reason=expired&requestId=${A}`);
  });

  test('a stale page the provider no longer knows has expired, also with another sign-in here (stale, not replaced)', async () => {
    vi.mocked(requestKnown).mockResolvedValue(false);
    expect(await redirectedTo(requireFlow(A, withEmail))).toBe(`/error?reason=expired&requestId=${A}`);
    await startFlow({ requestId: B, email: 'bob@example.com' });
    expect(await redirectedTo(requireFlow(A, withEmail))).toBe(`/error?reason=expired&requestId=${A}`);
  });

  test("after this deployment's own sign-in finished, a page of it goes to the error page (which says so), never back to the provider", async () => {
    vi.mocked(requestKnown).mockResolvedValue(true);
    vi.mocked(readUserSession).mockResolvedValue({ user: { sub: 'sub-1' } } as never);
    expect(await redirectedTo(requireFlow(A, withEmail))).toBe(`/error?reason=expired&requestId=${A}`);
  });
});
