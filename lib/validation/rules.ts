import type { ErrorKey } from './form-state';

/**
 * Field rules as plain functions: the browser runs them for instant feedback (react-hook-form)
 * and the server's zod schemas (fields.ts) are built on the same functions, so the two can never
 * disagree; the server stays the authority. No zod here: this module ships to the browser.
 */

// WHATWG's e-mail grammar, the one <input type=email> uses.
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

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

/** MFA code: required, exactly 6 digits. */
export function mfaCodeError(value: string): ErrorKey | undefined {
  const code = normaliseCode(value);
  if (code.length === 0) return 'mfaCodeRequired';
  return /^\d{6}$/.test(code) ? undefined : 'mfaCodeLength';
}

/**
 * A backup code as it was issued: cidaas issues 8 digits (docs/provider-contract.md §2.19); typed
 * with spaces or hyphens, as printed in groups. Any length from 6 to 16 digits is left to the
 * tenant, which knows its own format.
 */
export function backupCodeError(value: string): ErrorKey | undefined {
  const code = normaliseCode(value);
  if (code.length === 0) return 'backupCodeRequired';
  return /^\d{6,16}$/.test(code) ? undefined : 'backupCodeFormat';
}

/** The code field's rule for a second factor of `type`. */
export function codeRuleFor(type: string): (value: string) => ErrorKey | undefined {
  return type === 'BACKUPCODE' ? backupCodeError : mfaCodeError;
}

/** Characters and sequences the policy refuses in a password. */
const FORBIDDEN_CHARACTERS = ['(', ')', '\\', "'", '#', '<', '>', '[', ']', '~', '`'];
const FORBIDDEN_SEQUENCES = ['"', '/*', '*/', '&&', '--', ':;', '@@'];

/**
 * A password policy: this product's (PRODUCT_POLICY, the reset form's), or a tenant's own for the
 * register page (its client information's `password_policy`, docs/provider-contract.md §2.15).
 */
export type PasswordPolicy = { minLength: number; maxLength: number; lowerAndUpper: boolean; digits: number; specials: number };
export const PRODUCT_POLICY: PasswordPolicy = { minLength: 10, maxLength: 30, lowerAndUpper: true, digits: 1, specials: 0 };

const count = (v: string, pattern: RegExp) => [...v.matchAll(pattern)].length;

/** The policy's checks, one named check each. */
function rulesOf(policy: PasswordPolicy) {
  return {
    length: (v: string) => [...v].length >= policy.minLength && [...v].length <= policy.maxLength,
    lower: (v: string) => /\p{Ll}/u.test(v),
    upper: (v: string) => /\p{Lu}/u.test(v),
    digit: (v: string) => count(v, /\p{Nd}/gu) >= Math.max(policy.digits, 1),
    special: (v: string) => count(v, /[^\p{L}\p{N}\s]/gu) >= Math.max(policy.specials, 1),
    chars: (v: string) => !FORBIDDEN_CHARACTERS.some((c) => v.includes(c)),
    sequences: (v: string) => !FORBIDDEN_SEQUENCES.some((s) => v.includes(s)),
  } as const;
}
export type NewPasswordRule = keyof ReturnType<typeof rulesOf>;

export function newPasswordChecks(value: string, policy: PasswordPolicy = PRODUCT_POLICY): Record<NewPasswordRule, boolean> {
  return Object.fromEntries(Object.entries(rulesOf(policy)).map(([name, check]) => [name, check(value)])) as Record<NewPasswordRule, boolean>;
}

/**
 * What a password needs, as the checklist lists it. What it must not contain is not listed up
 * front (a row of quotes, comment marks and dashes reads like a filter against attacks): it is
 * named only once typed (`forbiddenIn`).
 */
export const REQUIREMENTS = ['length', 'lower', 'upper', 'digit'] as const satisfies readonly NewPasswordRule[];
export type Requirement = 'length' | 'lower' | 'upper' | 'digit' | 'special';

/** The requirements of a policy, in the checklist's order (this product's: REQUIREMENTS). */
export function requirementsOf(policy: PasswordPolicy = PRODUCT_POLICY): Requirement[] {
  return [
    'length',
    ...(policy.lowerAndUpper ? (['lower', 'upper'] as const) : []),
    ...(policy.digits > 0 ? (['digit'] as const) : []),
    ...(policy.specials > 0 ? (['special'] as const) : []),
  ];
}

/** The forbidden characters and sequences `value` contains, in the policy's order. */
export function forbiddenIn(value: string): string[] {
  return [...FORBIDDEN_CHARACTERS, ...FORBIDDEN_SEQUENCES].filter((s) => value.includes(s));
}

/** A password checked against the policy, as the checklist shows it: what it still lacks, and what it must lose. */
export type PasswordCheck = { unmet: Requirement[]; forbidden: string[] };

export function checkNewPassword(value: string, policy: PasswordPolicy = PRODUCT_POLICY): PasswordCheck {
  const checks = newPasswordChecks(value, policy);
  return { unmet: requirementsOf(policy).filter((rule) => !checks[rule]), forbidden: forbiddenIn(value) };
}

/** The errors of the new password the checklist says by itself, where it shows the password they are about. */
export const CHECKLIST_ERRORS: ReadonlySet<ErrorKey> = new Set<ErrorKey>(['passwordRequired', 'newPasswordLength', 'newPasswordPattern', 'newPasswordChars']);

/** The first message that applies, in the order the spec lists the rules. */
export function newPasswordError(value: string, policy: PasswordPolicy = PRODUCT_POLICY): ErrorKey | undefined {
  if (value.length === 0) return 'passwordRequired';
  const checks = newPasswordChecks(value, policy);
  if (!checks.length) return 'newPasswordLength';
  if (requirementsOf(policy).some((rule) => rule !== 'length' && !checks[rule])) return 'newPasswordPattern';
  if (!checks.chars || !checks.sequences) return 'newPasswordChars';
  return undefined;
}

export function repeatPasswordError(password: string, repeat: string): ErrorKey | undefined {
  if (repeat.length === 0) return 'repeatRequired';
  return repeat === password ? undefined : 'passwordsDontMatch';
}
