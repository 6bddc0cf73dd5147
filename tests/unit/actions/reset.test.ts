import { beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ERROR_PAGE_WITH_REF,
  expired,
  flowNow,
  form,
  garbage,
  idle,
  limitsMock,
  OTHER_REQUEST,
  outage,
  redirectedTo,
  refusal,
  refused,
  replaced,
  REQUEST,
  resetRequest,
  withFlow,
} from './support';

vi.mock('@/lib/provider/reset', () => ({ initiateReset: vi.fn(), acceptReset: vi.fn() }));

const { sendResetLink } = await import('@/app/reset-password-init/actions');
const { resendResetLink } = await import('@/app/reset-password-confirmation/actions');
const { saveNewPassword } = await import('@/app/reset-password/actions');
const { acceptReset, initiateReset } = await import('@/lib/provider/reset');

const rejectedRequest = () => refusal('reference-invalid');

beforeEach(() => {
  resetRequest();
  vi.mocked(initiateReset).mockResolvedValue(undefined);
});

describe('send the reset link (app/reset-password-init/actions.ts sendResetLink)', () => {
  beforeEach(() => withFlow({ email: 'anna@example.com' }));
  const post = (purpose = 'forgot') => sendResetLink(idle, form({ requestId: REQUEST, purpose }));

  test('sent: the time and the purpose in the flow, on to the confirmation page', async () => {
    expect(await redirectedTo(post('required'))).toBe(`/reset-password-confirmation?requestId=${REQUEST}`);
    expect(initiateReset).toHaveBeenCalledWith({ email: 'anna@example.com', requestId: REQUEST, locale: 'en-GB' });
    expect(await flowNow()).toMatchObject({ passwordRequired: true, resetSentAt: expect.any(Number) });
    await redirectedTo(post('forgot'));
    expect((await flowNow())?.passwordRequired).toBe(false);
  });

  test('too early again: the link already sent (here or in another sign-in) is the one to use; never sent', async () => {
    // A link went to the address moments ago in another sign-in: it still works, "check your e-mail",
    // with the wait counted from when it was sent.
    limitsMock.attemptSend.mockResolvedValueOnce(refused('wait.reset', 20) as never);
    expect(await redirectedTo(post())).toBe(`/reset-password-confirmation?requestId=${REQUEST}`);
    const sentAt = (await flowNow())?.resetSentAt ?? 0;
    expect(Math.abs(Date.now() - sentAt - 10_000)).toBeLessThan(2_000);
    // The account's or the network's budget spent: said, with how long.
    await withFlow({ email: 'anna@example.com' });
    limitsMock.attemptSend.mockResolvedValueOnce(refused('send.account', 600) as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'sendQuotaAccount', retryAfter: 600 });
    await withFlow({ email: 'anna@example.com', resetSentAt: Date.now() });
    limitsMock.attemptSend.mockResolvedValueOnce(refused() as never);
    expect(await redirectedTo(post())).toBe(`/reset-password-confirmation?requestId=${REQUEST}`);
    expect(initiateReset).not.toHaveBeenCalled();
  });

  test('no answer: the form with "not responding"; a refused request id: an invalid link; garbage: the error page', async () => {
    vi.mocked(initiateReset).mockRejectedValueOnce(outage());
    expect(await post()).toMatchObject({ formError: 'serviceUnavailable' });
    vi.mocked(initiateReset).mockRejectedValueOnce(rejectedRequest());
    expect(await redirectedTo(post())).toBe('/error?reason=invalid-request');
    vi.mocked(initiateReset).mockRejectedValueOnce(garbage());
    expect(await redirectedTo(post())).toMatch(ERROR_PAGE_WITH_REF);
  });

  test('a flow without an e-mail has expired; a form of a replaced sign-in is refused', async () => {
    await withFlow({});
    expect(await redirectedTo(post())).toBe(expired);
    await withFlow({ requestId: OTHER_REQUEST, email: 'bob@example.com' });
    expect(await redirectedTo(post())).toBe(replaced);
  });
});

describe('send it again (app/reset-password-confirmation/actions.ts resendResetLink)', () => {
  beforeEach(() => withFlow({ email: 'anna@example.com', resetSentAt: 1 }));
  const post = () => resendResetLink({ status: 'idle' }, form({ requestId: REQUEST }));

  test('sent again: back to the confirmation, saying so', async () => {
    expect(await redirectedTo(post())).toBe(`/reset-password-confirmation?requestId=${REQUEST}&resent=1`);
    expect((await flowNow())?.resetSentAt).toBeGreaterThan(1);
  });

  test('too early: the wait, nothing sent', async () => {
    limitsMock.attemptSend.mockResolvedValueOnce(refused('wait.reset', 17) as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'tooManySends', retryAfter: 17 });
    expect(initiateReset).not.toHaveBeenCalled();
  });

  test('a failure goes to the error page; no link sent in this flow means it has expired', async () => {
    vi.mocked(initiateReset).mockRejectedValueOnce(garbage());
    expect(await redirectedTo(post())).toMatch(ERROR_PAGE_WITH_REF);
    await withFlow({ email: 'anna@example.com' });
    expect(await redirectedTo(post())).toBe(expired);
  });
});

describe('the new password (app/reset-password/actions.ts saveNewPassword)', () => {
  beforeEach(() => withFlow({ reset: { rprq: 'rprq-1', exchangeId: 'ex-1' } }));
  let n = 0;
  const post = (password = `Secret-${++n}-abc`, confirmPassword = password) => saveNewPassword(idle, form({ requestId: REQUEST, password, confirmPassword }));

  test('too weak or not repeated the same: the fields say so, nothing is sent', async () => {
    expect(await post('short', 'short')).toMatchObject({ status: 'invalid', fieldErrors: { password: 'newPasswordLength' } });
    expect(await post('Secret-1-abcdef', 'Secret-1-abcdeX')).toEqual({ status: 'invalid', fieldErrors: { confirmPassword: 'passwordsDontMatch' } });
    expect(acceptReset).not.toHaveBeenCalled();
  });

  test('refused by its rules: the check of what was posted comes back for the checklist (the page without JavaScript has no typing to follow)', async () => {
    expect(await post('short', 'short')).toEqual({
      status: 'invalid',
      fieldErrors: { password: 'newPasswordLength' },
      check: { unmet: ['length', 'upper', 'digit'], forbidden: [] },
    });
    expect(await post('Kitchen--2027#', '')).toEqual({
      status: 'invalid',
      fieldErrors: { password: 'newPasswordChars', confirmPassword: 'repeatRequired' },
      check: { unmet: [], forbidden: ['#', '--'] },
    });
    expect(await post('', '')).toMatchObject({ fieldErrors: { password: 'passwordRequired' }, check: { unmet: ['length', 'lower', 'upper', 'digit'] } });
  });

  test("saved: the link's tokens leave the flow; on to the provider's next page when allowed, else the success page", async () => {
    vi.mocked(acceptReset).mockResolvedValueOnce({ next: 'http://127.0.0.1:4999/password_set_success' } as never);
    expect(await redirectedTo(post())).toBe('http://127.0.0.1:4999/password_set_success');
    expect((await flowNow())?.reset).toBeUndefined();
    await withFlow({ reset: { rprq: 'rprq-1', exchangeId: 'ex-1' } });
    vi.mocked(acceptReset).mockResolvedValueOnce({ next: 'https://evil.example/' } as never);
    expect(await redirectedTo(post())).toBe(`/reset-password-success?requestId=${REQUEST}`);
  });

  test('breached: the field says so and the link stays', async () => {
    vi.mocked(acceptReset).mockRejectedValueOnce(refusal('password-pwned'));
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: { password: 'passwordPwned' } });
    expect((await flowNow())?.reset).toEqual({ rprq: 'rprq-1', exchangeId: 'ex-1' });
  });

  test('the link has gone (now or before): back to the page that offers a new one', async () => {
    vi.mocked(acceptReset).mockRejectedValueOnce(rejectedRequest());
    expect(await redirectedTo(post())).toBe(`/reset-password?requestId=${REQUEST}`);
    expect(await redirectedTo(post())).toBe(`/reset-password?requestId=${REQUEST}`);
  });

  test('no answer: the form with "not responding"', async () => {
    vi.mocked(acceptReset).mockRejectedValueOnce(outage());
    expect(await post()).toMatchObject({ formError: 'serviceUnavailable' });
  });
});
