import { expect, test } from 'vitest';
import { fieldListCheck, onboardingScopesCheck, registrationSettingsCheck } from '@/scripts/tenant-onboarding';
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
