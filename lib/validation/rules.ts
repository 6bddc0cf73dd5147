import type { ErrorKey } from './form-state';

/**
 * Field rules as plain functions: the browser runs them for instant feedback (react-hook-form)
 * and the server's zod schemas (fields.ts) are built on the same functions, so the two can never
 * disagree; the server stays the authority. No zod here: this module ships to the browser.
 */

// WHATWG's e-mail grammar, the one <input type=email> uses.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function emailError(value: string): ErrorKey | undefined {
  const email = value.trim();
  if (email.length === 0) return 'emailRequired';
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return 'emailInvalid';
  return undefined;
}

export function loginPasswordError(value: string): ErrorKey | undefined {
  return value.length === 0 ? 'passwordRequired' : undefined;
}

/** A pasted "123 456" is the same code as "123456". */
export function normaliseCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** MFA code: required, exactly 6 digits (product-spec.md §5). */
export function mfaCodeError(value: string): ErrorKey | undefined {
  const code = normaliseCode(value);
  if (code.length === 0) return 'mfaCodeRequired';
  return /^\d{6}$/.test(code) ? undefined : 'mfaCodeLength';
}
