import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { form, jar, nextHeaders, nextIntlServer, redirectedTo, resetRequest } from './support/next-request';

/**
 * How long a sign-in in progress lasts (lib/session.ts FLOW_TTL_SECONDS, 15 minutes): the flow
 * cookie's seal expires 15 minutes after its last step wrote it; the browser drops the cookie a
 * minute earlier (its Max-Age, iron-session's ttl − 60 s); the server, which allows a seal 60 s of
 * clock skew, no longer opens it after 16. A step after that is an expired sign-in.
 */
vi.mock('next/headers', () => nextHeaders);
vi.mock('next-intl/server', () => nextIntlServer);
vi.mock('react', async (original) => ({ ...(await original<typeof import('react')>()), cache: <T>(fn: T) => fn }));

const { FLOW_TTL_SECONDS, readFlow, startFlow, updateFlow } = await import('@/lib/session');
const { guardAction, withEmail } = await import('@/lib/flows/flow-guard');

const REQUEST = 'request-a-12345678';
const START = Date.parse('2026-11-28T08:00:00Z');
const MINUTE = 60_000;
const at = (ms: number) => vi.setSystemTime(START + ms);
/** Where the guard sends the sign-in's next form (its step needs the e-mail): 'on' when it lets it through. */
async function nextStep(): Promise<string> {
  try {
    await guardAction(form({ requestId: REQUEST }), withEmail);
    return 'on';
  } catch (error) {
    return redirectedTo(Promise.reject(error));
  }
}

beforeEach(() => {
  resetRequest();
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
});
afterEach(() => vi.useRealTimers());

test('15 minutes: the cookie asks the browser to keep it 14, and a flow left alone just under 15 minutes goes on', async () => {
  expect(FLOW_TTL_SECONDS).toBe(15 * 60);
  await startFlow({ requestId: REQUEST, email: 'anna@example.com' });
  expect(jar.get('signin_flow')!.options).toMatchObject({ maxAge: FLOW_TTL_SECONDS - 60 });
  at(15 * MINUTE - 1_000);
  expect(await readFlow()).toMatchObject({ requestId: REQUEST, email: 'anna@example.com', startedAt: START });
  expect(await nextStep()).toBe('on');
});

test('left alone past 15 minutes (and the seal’s minute of clock skew), the same cookie is an expired sign-in', async () => {
  await startFlow({ requestId: REQUEST, email: 'anna@example.com' });
  at(16 * MINUTE);
  expect(await readFlow()).toBeNull();
  expect(await nextStep()).toBe(`/error?reason=expired&requestId=${REQUEST}`);
});

test('the 15 minutes count from the last step: a step at minute 10 keeps the sign-in until minute 25', async () => {
  await startFlow({ requestId: REQUEST, email: 'anna@example.com' });
  at(10 * MINUTE);
  await updateFlow({ resetSentAt: Date.now() });
  at(24 * MINUTE);
  expect(await nextStep()).toBe('on');
  at(26 * MINUTE);
  expect(await nextStep()).toBe(`/error?reason=expired&requestId=${REQUEST}`);
});
