// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { FormState } from '@/lib/validation/form-state';

/**
 * The MFA start's wait after a code sent moments ago, in another sign-in (D01): the button waits
 * with the countdown, and when it is over the code the person asked for goes out without another
 * press.
 */
const startMfa = vi.fn(async (_prev: FormState<never>, _form: FormData): Promise<FormState<never>> => ({
  status: 'invalid',
  fieldErrors: {},
  formError: 'sendWaitCode',
  retryAfter: 1,
}));
vi.mock('@/app/register-mfa/actions', () => ({ startMfa: (prev: FormState<never>, form: FormData) => startMfa(prev, form) }));
const { MfaStartForm } = await import('@/app/register-mfa/mfa-start-form');

test('held back by the wait: Send code waits with it, and the code is asked for again by itself when it is over', async () => {
  render(
    <MfaStartForm
      requestId="req-1"
      single={{ type: 'EMAIL', label: 'Send code' }}
      autoStart={false}
      pendingLabel="Sending the code…"
      errors={{ sendWaitCode: 'We sent a code a moment ago. You can request a new code in {seconds} s.' }}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Send code' }).getAttribute('aria-disabled')).toBe('true'));
  expect(startMfa).toHaveBeenCalledTimes(1);
  // A press during the wait sends nothing.
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  expect(startMfa).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(startMfa).toHaveBeenCalledTimes(2), { timeout: 3_000 });
  expect(startMfa.mock.calls[1][1].get('type')).toBe('EMAIL');
});
