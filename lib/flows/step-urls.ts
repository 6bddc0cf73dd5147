/**
 * Addresses of this deployment's own screens, built in one place. Every step page carries the
 * sign-in's request id (not a secret: the provider puts it in every hosted page's address), so a
 * page whose flow cookie is gone can still lead back to the provider for that same request.
 */
export type StepPath =
  | '/'
  | '/login'
  | '/account-unavailable'
  | '/continue'
  | '/register-mfa'
  | '/register-mfa/code'
  | '/register-mfa/push'
  | '/register-mfa/another'
  | '/group-selection'
  | '/login-success'
  | '/setup-passkey'
  | '/setup-mfa/authenticator'
  | '/setup-mfa/sms'
  | '/setup-mfa/email'
  | '/setup-mfa/push'
  | '/setup-mfa/backup-codes'
  | '/setup-mfa/backup-codes/download'
  | '/consent'
  | '/consent/declined'
  | '/require-password-init'
  | '/reset-password-init'
  | '/reset-password-confirmation'
  | '/reset-password'
  | '/reset-password-success'
  | '/verify-email'
  | '/verify-email/code'
  | '/verify-email-complete'
  | '/switch-sign-in'
  | '/register'
  | '/register-success'
  | '/register-additional-info';

export function stepUrl(path: StepPath, requestId: string, extra: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams({ requestId });
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) query.set(name, value);
  return `${path}?${query}`;
}

/**
 * Why the error page is shown, when it is not a failure with a reference:
 * - expired: no flow for this sign-in in this browser any more (15 minutes, cleared, another browser);
 * - replaced: this browser's flow now belongs to another sign-in (started in another tab);
 * - invalid-request: the address names no usable sign-in, or one that is not this flow's;
 * - sign-in-again: this deployment's own session ended.
 */
export type ErrorReason = 'expired' | 'replaced' | 'invalid-request' | 'sign-in-again';

export function errorUrl(reason: ErrorReason, requestId?: string | null): string {
  return `/error?${new URLSearchParams({ reason, ...(requestId ? { requestId } : {}) })}`;
}
