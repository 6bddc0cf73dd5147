import { readFileSync } from 'node:fs';
import { vi } from 'vitest';
import type { Meaning } from '@/lib/provider/error-codes';
import { ProviderError } from '@/lib/provider/errors';
import type { FlowSession } from '@/lib/session';
/**
 * What the action tests share. Importing this module mocks, for the test file that imports it,
 * what every action meets outside its own step:
 *
 *   next/headers        a cookie jar: the real flow session seals into it
 *   next-intl/server    the locale and the translator
 *   react               cache() without a render: the function itself
 *   @/lib/limits/limits every attempt allowed unless a test refuses it (limitsMock)
 *
 * Each test file mocks, at its top, the provider modules its step calls (with `verificationMock`
 * for lib/provider/verification), then imports the actions with `await import(…)`, calls them with
 * a real FormData and asserts the returned state, or where Next's redirect() (which throws) sends
 * the browser (redirectedTo in ../support/next-request.ts).
 */
import { nextHeaders, nextIntlServer } from '../support/next-request';

export { form, nextHeaders, redirectedTo, resetRequest } from '../support/next-request';

export const REQUEST = 'request-a-12345678';
export const OTHER_REQUEST = 'request-b-12345678';

export const limitsMock = {
  attempt: vi.fn(async () => ({ ok: true }) as const),
  attemptSend: vi.fn(async () => ({ ok: true }) as const),
  answerLimited: vi.fn(),
  spent: vi.fn(async () => ({ ok: true }) as const),
  failed: vi.fn(async () => undefined),
  reserve: vi.fn(async () => ({ ok: true }) as const),
  /** A failures-only attempt let through; `succeeded` is the give-back a successful attempt calls. */
  succeeded: vi.fn(async () => undefined),
  attemptFailing: vi.fn(async (): Promise<{ ok: true; succeeded: () => Promise<void> } | { ok: false; limit: string; retryAfter: number }> => ({
    ok: true,
    succeeded: limitsMock.succeeded,
  })),
  giveBack: vi.fn(async () => undefined),
  endSendWait: vi.fn(async () => undefined),
  // The real pairing of an account with the client (tests/unit/limits.test.ts), with a fixed client.
  accountAtClient: (account: string) => `${account.toLowerCase()}@client`,
};

vi.mock('next/headers', () => nextHeaders);
vi.mock('next-intl/server', () => nextIntlServer);
vi.mock('react', async (original) => ({ ...(await original<typeof import('react')>()), cache: <T>(fn: T) => fn }));
// The limits themselves are mocks; which message a held-back send gets is the real mapping.
vi.mock('@/lib/limits/limits', async (original) => ({
  ...limitsMock,
  sendRefusalKey: (await original<typeof import('@/lib/limits/limits')>()).sendRefusalKey,
  mfaSendKind: (await original<typeof import('@/lib/limits/limits')>()).mfaSendKind,
}));

/** lib/provider/verification with every call a mock: `vi.mock('@/lib/provider/verification', () => verificationMock())`. */
export const verificationMock = () => ({ getConfiguredMethods: vi.fn(), initiateAuthentication: vi.fn(), authenticate: vi.fn(), getPushStatus: vi.fn() });

/** lib/provider/fido2 with every call a mock: `vi.mock('@/lib/provider/fido2', () => fido2Mock())`. */
export const fido2Mock = () => ({
  initiateFido2: vi.fn(),
  verifyFido2: vi.fn(),
  initiateFido2Setup: vi.fn(),
  verifyFido2Setup: vi.fn(),
  answerSuggestion: vi.fn(),
});

/**
 * PASSKEYS for the test file that mocks lib/config with it, on unless a test turns it off:
 * `vi.mock('@/lib/config', (original) => passkeysConfig(original))`. The rest of the
 * configuration is the real one (TEST_ENV).
 */
export const passkeys = { on: true };
export async function passkeysConfig(original: () => Promise<unknown>) {
  const actual = (await original()) as typeof import('@/lib/config');
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), passkeys: passkeys.on }) };
}

/** A credential as the browser posts it (tests/unit/fixtures/fido2: recorded from Chromium's virtual authenticator). */
export const credentialText = (name: 'authentication-response' | 'registration-response') => readFileSync(`tests/unit/fixtures/fido2/${name}.json`, 'utf8');

/** The tenant refused with a server error: an outage, not the person's refusal. */
export const serverError = () => new ProviderError({ kind: 'rejected', operation: 'test', service: 'verification-srv', status: 503, code: 'x' });

/** The idle state every action starts from. */
export const idle = { status: 'idle' } as const;

/** A refused attempt, as lib/limits answers it. */
export const refused = (limit = 'some.limit', retryAfter = 30) => ({ ok: false as const, limit, retryAfter });

/** The provider said no, with a meaning the step may show on a field. */
export const refusal = (meaning: Meaning, details = {}) =>
  new ProviderError({ kind: 'rejected', operation: 'test', service: 'verification-srv', status: 400, code: 'x', meaning, details });

/** The provider did not answer: the form comes back with "not responding". */
export const outage = () => new ProviderError({ kind: 'timeout', operation: 'test' });

/** The provider answered something this build cannot use: the error page with a reference. */
export const garbage = () => new ProviderError({ kind: 'invalid-response', operation: 'test' });

/** Starts the flow cookie for REQUEST (or another), as the e-mail step or an entry route would. */
export async function withFlow(values: Partial<Omit<FlowSession, 'startedAt'>> = {}): Promise<void> {
  const { startFlow } = await import('@/lib/session');
  await startFlow({ requestId: REQUEST, ...values });
}

/** What the flow cookie holds now. */
export async function flowNow(): Promise<FlowSession | null> {
  const { readFlow } = await import('@/lib/session');
  return readFlow();
}

/** The error page with a failure's reference, as failToErrorPage and failForRequest send it. */
export const ERROR_PAGE_WITH_REF = /^\/error\?ref=[0-9A-F]{10}&outage=/;

/** The guard's answer to a form of a sign-in that another tab replaced in the cookie. */
export const replaced = `/error?reason=replaced&requestId=${REQUEST}`;
export const expired = `/error?reason=expired&requestId=${REQUEST}`;
