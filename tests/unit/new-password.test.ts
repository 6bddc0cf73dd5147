import { describe, expect, test } from 'vitest';
import { checkNewPassword, forbiddenIn, newPasswordChecks, newPasswordError, repeatPasswordError } from '@/lib/validation/rules';

describe('new password policy', () => {
  test.each<[string, string | undefined]>([
    ['', 'passwordRequired'],
    ['Short1a', 'newPasswordLength'],
    ['Abcdefgh1', 'newPasswordLength'],
    ['Abcdefghi1', undefined],
    [`Ab1${'x'.repeat(27)}`, undefined],
    [`Ab1${'x'.repeat(28)}`, 'newPasswordLength'],
    ['abcdefghij1', 'newPasswordPattern'],
    ['ABCDEFGHIJ1', 'newPasswordPattern'],
    ['Abcdefghijk', 'newPasswordPattern'],
    ...['(', ')', '\\', "'", '#', '<', '>', '[', ']', '~', '`'].map((c): [string, string] => [`Abcdefgh1${c}`, 'newPasswordChars']),
    ...['"', '/*', '*/', '&&', '--', ':;', '@@'].map((s): [string, string] => [`Abcdefgh1${s}`, 'newPasswordChars']),
    ['Abcdefgh1-!', undefined],
    ['Abcdefgh1@:', undefined],
    ['Äbcdefgh1ö', undefined],
  ])('%j → %s', (value, expected) => {
    expect(newPasswordError(value)).toBe(expected);
  });

  test('the checklist reports each rule on its own', () => {
    expect(newPasswordChecks('abc')).toEqual({ length: false, lower: true, upper: false, digit: false, special: false, chars: true, sequences: true });
    expect(newPasswordChecks('Abcdefgh1#')).toEqual({ length: true, lower: true, upper: true, digit: true, special: true, chars: false, sequences: true });
  });

  test('the checklist’s view: the requirements not met yet, and the forbidden characters and sequences typed, in the policy’s order', () => {
    expect(checkNewPassword('')).toEqual({ unmet: ['length', 'lower', 'upper', 'digit'], forbidden: [] });
    expect(checkNewPassword('abc')).toEqual({ unmet: ['length', 'upper', 'digit'], forbidden: [] });
    expect(checkNewPassword('NewKitchen2027')).toEqual({ unmet: [], forbidden: [] });
    expect(checkNewPassword('Kitchen--2027#')).toEqual({ unmet: [], forbidden: ['#', '--'] });
    expect(forbiddenIn('a/*b*/c"')).toEqual(['"', '/*', '*/']);
    // A single dash or colon is allowed; only the sequences are not.
    expect(forbiddenIn('a-b:c@d')).toEqual([]);
  });

  test('length counts characters, not UTF-16 units', () => {
    expect(newPasswordChecks(`Ab1${'😀'.repeat(7)}`).length).toBe(true);
  });

  test.each([
    ['Abcdefghi1', '', 'repeatRequired'],
    ['Abcdefghi1', 'Abcdefghi2', 'passwordsDontMatch'],
    ['Abcdefghi1', 'Abcdefghi1', undefined],
  ])('repeat of %j as %j → %s', (password, repeat, expected) => {
    expect(repeatPasswordError(password, repeat)).toBe(expected);
  });
});
