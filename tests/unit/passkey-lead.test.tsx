// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';

vi.mock('@/app/login/actions', () => ({ verifyPassword: vi.fn(async () => ({ status: 'idle' })) }));
// The library is loaded by the ceremony once the page runs; nothing of it is needed here.
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));

const labels = {
  email: 'E-mail address',
  changeEmail: 'Change e-mail address',
  password: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  capsLock: 'Caps Lock is on.',
  rememberMe: 'Stay signed in',
  cancel: 'Cancel',
  submit: 'Sign in',
  pending: 'Signing in…',
  forgotPassword: 'Forgot your password?',
  resetPassword: 'Reset your password',
  lockedFor: 'You can try again in {time}.',
};
const passkey = {
  // The tenant's options never come in these tests: the passkey button stays away, the rest is the form's.
  prepare: vi.fn(() => new Promise<never>(() => undefined)),
  finish: vi.fn(async () => ({ status: 'idle' }) as const),
  labels: {
    start: 'Sign in with a passkey',
    pending: 'Waiting for your passkey…',
    otherWay: 'You can use your password instead.',
    usePassword: 'Use your password instead',
  },
  errors: { passkeyUnsupported: 'This browser cannot use passkeys.' },
};

async function renderForm(withPasskey: boolean) {
  const { CredentialsForm } = await import('@/app/login/credentials-form');
  return render(
    <CredentialsForm
      requestId="req-12345678"
      locale="en-GB"
      email="anna@example.com"
      changeEmailHref="/?requestId=req-12345678"
      resetHref="/reset-password-init?requestId=req-12345678"
      cancelHref="https://provider.example/authz-srv/authz/resolve_redirect/req-12345678"
      passkey={withPasskey ? passkey : undefined}
      labels={labels}
      errors={{}}
    />,
  );
}

/** A browser with WebAuthn (jsdom has none). */
function withWebAuthn() {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', { value: { get: vi.fn(), create: vi.fn() }, configurable: true });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'credentials');
});

describe('the password screen of an account with a passkey (D19)', () => {
  test('the passkey leads: the password form waits behind "Use your password instead", which shows it, puts the cursor in it and goes', async () => {
    withWebAuthn();
    const { container } = await renderForm(true);
    const part = container.querySelector('.password-part')!;
    expect(part.classList.contains('behind-passkey')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Use your password instead' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
    expect(part.classList.contains('behind-passkey')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Use your password instead' })).toBeNull();
  });

  test('a browser without WebAuthn: said, and the password form is there at once, with no button to ask for it', async () => {
    const { container } = await renderForm(true);
    await waitFor(() => expect(container.querySelector('.password-part')!.classList.contains('behind-passkey')).toBe(false));
    expect(screen.getByRole('alert').textContent).toBe('This browser cannot use passkeys. You can use your password instead.');
    expect(screen.queryByRole('button', { name: 'Use your password instead' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  test('an account without a passkey: the password form as ever', async () => {
    const { container } = await renderForm(false);
    expect(container.querySelector('.password-part')!.classList.contains('behind-passkey')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Use your password instead' })).toBeNull();
  });
});
