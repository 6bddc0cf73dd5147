import { expect, test } from 'vitest';
import { fieldListCheck, fieldTextsCheck, onboardingScopesCheck, registrationSettingsCheck } from '@/scripts/tenant-onboarding';
import type { Recorded } from '@/scripts/tenant-record';

/** tenant:check's rows on registration and invitations (docs/onboarding.md). */
const settings = (over: Partial<{ selfService: boolean; invitations: boolean; captcha: boolean }> = {}) => ({
  selfService: undefined,
  invitations: undefined,
  captcha: false,
  ...over,
});
const answered = (operation: string, status: number) => ({ operation, status }) as unknown as Recorded;

test('the field list: the path that answered, or what was tried', () => {
  expect(fieldListCheck([answered('registration.fields', 404), answered('registration.setup', 200)], 9).detail).toBe(
    '9 fields from /registration-setup-srv/public/list (every SDK)',
  );
  const none = fieldListCheck([answered('registration.fields', 404), answered('registration.setup', 404)], undefined, 'registration.setup: invalid-response');
  expect(none.result).toBe('FAIL');
  expect(none.detail).toContain('(/user-srv/public/fields HTTP 404, /registration-setup-srv/public/list HTTP 404): registration.setup: invalid-response');
});

test('the field texts: a warning naming, per language, the fields the tenant answers in its fallback; nothing said is unknown', () => {
  const field = (key: string, labelLocale: string | undefined) =>
    ({ key, type: 'TEXT', custom: false, required: true, readOnly: false, options: [], label: key, labelLocale }) as const;
  const warned = fieldTextsCheck([
    ['de-DE', [field('email', 'de'), field('given_name', 'de')]],
    ['en-GB', [field('email', 'en'), field('given_name', 'en')]],
    ['fr-FR', [field('email', 'en'), field('given_name', 'en')]],
    ['ja-JP', [field('email', 'en'), field('given_name', 'en')]],
    ['pl-PL', [field('email', 'pl'), field('given_name', 'en')]],
  ]);
  expect(warned.result).toBe('WARN');
  expect(warned.detail).toContain('no text in fr-FR, ja-JP for: email, given_name\nno text in pl-PL for: given_name\n');
  expect(fieldTextsCheck([['de-DE', [field('email', 'de')]]])).toEqual({
    name: 'Registration field texts',
    result: 'PASS',
    detail: 'every field has a text in de-DE',
  });
  expect(fieldTextsCheck([['de-DE', [field('email', undefined)]]]).result).toBe('UNKNOWN');
  expect(fieldTextsCheck([['de-DE', undefined]]).result).toBe('UNKNOWN');
});

test('a captcha fails the settings row and says what the page does; registration off passes and says so', () => {
  const captcha = registrationSettingsCheck(settings({ captcha: true }));
  expect(captcha.result).toBe('FAIL');
  expect(captcha.detail).toContain('the register page says registration is not available here');
  expect(registrationSettingsCheck(settings({ selfService: false, invitations: true }))).toEqual({
    name: 'Registration settings',
    result: 'PASS',
    detail: 'self-registration off: no "Register here" on the e-mail step, accounts by invitation (invitations on)',
  });
});

test('the scopes: cidaas:invite is needed only where invitations are not off; a refused request fails', () => {
  expect(onboardingScopesCheck('openid cidaas:register cidaas:invite', settings()).result).toBe('PASS');
  expect(onboardingScopesCheck('openid cidaas:register', settings()).result).toBe('FAIL');
  expect(onboardingScopesCheck('openid cidaas:register', settings({ invitations: false })).result).toBe('PASS');
  expect(onboardingScopesCheck('openid cidaas:invite', settings({ invitations: false })).detail).toContain('Add cidaas:register to');
  expect(onboardingScopesCheck(undefined, settings()).result).toBe('UNKNOWN');
  expect(onboardingScopesCheck(undefined, settings(), 'invalid_scope').result).toBe('FAIL');
});
