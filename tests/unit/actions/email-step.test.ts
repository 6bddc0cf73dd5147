import { beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ERROR_PAGE_WITH_REF,
  flowNow,
  form,
  garbage,
  idle,
  limitsMock,
  nextHeaders,
  outage,
  redirectedTo,
  refused,
  REQUEST,
  resetRequest,
  verificationMock,
} from './support';

vi.mock('@/lib/provider/users', () => ({ checkUserExists: vi.fn() }));
vi.mock('@/lib/provider/verification', () => verificationMock());

const { submitEmail } = await import('@/app/email-actions');
const { checkUserExists } = await import('@/lib/provider/users');
const { getConfiguredMethods } = await import('@/lib/provider/verification');

const post = (email: string, requestId = REQUEST) => submitEmail(idle, form({ email, requestId }));

describe('the e-mail step (app/email-actions.ts submitEmail)', () => {
  beforeEach(() => {
    resetRequest();
    vi.mocked(checkUserExists).mockResolvedValue({ action: 'login' });
    vi.mocked(getConfiguredMethods).mockResolvedValue([{ type: 'PASSWORD', mediumIds: ['PASSWORD'] }]);
  });

  test('a malformed address comes back to its field, with what was typed; nothing is asked', async () => {
    expect(await post('anna@')).toEqual({ status: 'invalid', fieldErrors: { email: 'emailInvalid' }, values: { email: 'anna@' } });
    expect(checkUserExists).not.toHaveBeenCalled();
  });

  test('a form without a usable request id is an invalid link', async () => {
    expect(await redirectedTo(post('anna@example.com', '../x'))).toBe('/error?reason=invalid-request');
  });

  test('held back by a limit: said about the form (not the address), with the seconds left', async () => {
    limitsMock.attemptFailing.mockResolvedValueOnce(refused('email.address'));
    const network = await post('anna@example.com');
    expect(network).toMatchObject({ status: 'invalid', fieldErrors: {}, formError: 'networkAttemptsWait', values: { email: 'anna@example.com' } });
    limitsMock.attempt.mockResolvedValueOnce(refused('email.account') as never);
    const answer = await post('anna@example.com');
    expect(answer).toMatchObject({ status: 'invalid', fieldErrors: {}, formError: 'attemptsWait', values: { email: 'anna@example.com' } });
    expect(answer.status === 'invalid' && answer.retryAfter).toBeGreaterThan(0);
    expect(limitsMock.answerLimited).toHaveBeenCalled();
  });

  test("an unknown account is the field's error; the address kept in the flow for the register form, not remembered", async () => {
    vi.mocked(checkUserExists).mockResolvedValue({ action: 'register' });
    expect(await post('anna@example.com')).toEqual({ status: 'invalid', fieldErrors: { email: 'userNotFound' }, values: { email: 'anna@example.com' } });
    expect(await flowNow()).toMatchObject({ requestId: REQUEST, registerEmail: 'anna@example.com' });
    expect((await flowNow())?.email).toBeUndefined();
    expect((await nextHeaders.cookies()).has('signin_email')).toBe(false);
    // Typed again in the same sign-in: the latest address, the flow otherwise kept.
    await post('anne@example.com');
    expect(await flowNow()).toMatchObject({ requestId: REQUEST, registerEmail: 'anne@example.com' });
  });

  test('an account with a password: a new flow for the request, remembered e-mail, on to /login', async () => {
    expect(await redirectedTo(post('anna@example.com'))).toBe(`/login?requestId=${REQUEST}`);
    expect(await flowNow()).toMatchObject({ requestId: REQUEST, email: 'anna@example.com' });
    expect((await nextHeaders.cookies()).has('signin_email')).toBe(true);
  });

  test('an account without one goes to set a password', async () => {
    vi.mocked(getConfiguredMethods).mockResolvedValue([{ type: 'EMAIL', mediumIds: ['m-1'] }]);
    expect(await redirectedTo(post('anna@example.com'))).toBe(`/require-password-init?requestId=${REQUEST}`);
  });

  test("a federated account: to the provider's address with a login hint, only when it is allowed", async () => {
    vi.mocked(checkUserExists).mockResolvedValue({ action: 'redirect', redirectUri: 'http://127.0.0.1:4999/idp/start' });
    expect(await redirectedTo(post('anna@example.com'))).toBe('http://127.0.0.1:4999/idp/start?login_hint=anna%40example.com');
    vi.mocked(checkUserExists).mockResolvedValue({ action: 'redirect', redirectUri: 'https://evil.example/idp' });
    expect(await redirectedTo(post('anna@example.com'))).toMatch(ERROR_PAGE_WITH_REF);
  });

  test('the provider not answering: the form again, with the reference and what was typed', async () => {
    vi.mocked(checkUserExists).mockRejectedValue(outage());
    expect(await post('anna@example.com')).toMatchObject({ status: 'invalid', formError: 'serviceUnavailable', values: { email: 'anna@example.com' } });
  });

  test('an answer that cannot be used: the error page with a reference', async () => {
    vi.mocked(checkUserExists).mockRejectedValue(garbage());
    expect(await redirectedTo(post('anna@example.com'))).toMatch(ERROR_PAGE_WITH_REF);
  });
});
