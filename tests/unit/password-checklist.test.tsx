// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { PasswordChecklist, requirementState } from '@/app/_components/password-checklist';
import { checkNewPassword } from '@/lib/validation/rules';

vi.mock('@/app/reset-password/actions', () => ({ saveNewPassword: vi.fn(async () => ({ status: 'idle' })) }));

const checklist = {
  title: 'Your password needs',
  met: 'met',
  notMet: 'not met',
  rules: { length: '10 to 30 characters', lower: 'a lowercase letter', upper: 'an uppercase letter', digit: 'a digit' },
  forbidden: 'Not allowed: {chars}',
};
const errors = {
  summaryTitle: 'There is a problem',
  passwordRequired: 'Password is required.',
  newPasswordLength: 'The password must be 10 to 30 characters long.',
  newPasswordPattern: 'The password needs a lowercase letter, an uppercase letter and a digit.',
  newPasswordChars: 'The password contains characters or sequences that are not allowed.',
  repeatRequired: 'Please repeat the password.',
  passwordsDontMatch: 'The passwords do not match.',
  passwordPwned: 'This password has appeared in a data breach and is not safe to use. Please choose a different password.',
};
const labels = {
  password: 'New password',
  repeat: 'Repeat new password',
  show: 'Show password',
  hide: 'Hide password',
  capsLock: 'Caps Lock is on.',
  save: 'Save password',
  saving: 'Saving…',
  checklist,
};

describe('the password checklist', () => {
  test('states: met, not met yet, failed once the password was refused, and neutral without a password to follow', () => {
    expect(requirementState('length', undefined, false)).toBe('neutral');
    expect(requirementState('length', checkNewPassword('abc'), false)).toBe('unmet');
    expect(requirementState('length', checkNewPassword('abc'), true)).toBe('failed');
    expect(requirementState('lower', checkNewPassword('abc'), true)).toBe('met');
  });

  test('lists what a password needs, and no forbidden characters until one is in the password', () => {
    const { container, rerender } = render(<PasswordChecklist id="rules" failed={false} live labels={checklist} />);
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '10 to 30 characters',
      'a lowercase letter',
      'an uppercase letter',
      'a digit',
    ]);
    expect(container.textContent).not.toMatch(/[#"\\(]|\/\*|&&|--/);
    rerender(<PasswordChecklist id="rules" check={checkNewPassword('Kitchen--2027#')} failed={false} live labels={checklist} />);
    expect(container.querySelector('li.forbidden')?.textContent).toBe('Not allowed: # --');
    expect(container.querySelectorAll('li.met')).toHaveLength(4);
  });
});

describe('the new-password form: the checklist says the rules, once', () => {
  const renderForm = async (initialError?: 'newPasswordLength') => {
    const { NewPasswordForm } = await import('@/app/reset-password/new-password-form');
    return render(<NewPasswordForm requestId="req-12345678" labels={labels} errors={errors} initialError={initialError} />);
  };

  test('a refused submit: the field invalid and described by the failed rules, no message under it, no summary; the repeat says its own', async () => {
    const { container } = await renderForm();
    const password = screen.getByLabelText('New password');
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(password.getAttribute('aria-describedby')).toBe('password-rules');
    expect(container.querySelector('#password-error')).toBeNull();
    expect(container.querySelector('.error-summary')).toBeNull();
    expect([...container.querySelectorAll('#password-rules li.failed')].map((li) => li.textContent)).toEqual([
      '10 to 30 characters not met',
      'an uppercase letter not met',
      'a digit not met',
    ]);
    expect(container.querySelector('#confirmPassword-error')?.textContent).toBe('Please repeat the password.');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(container.textContent).not.toContain(errors.newPasswordLength);

    // Fixed while typing: the rules turn met, and the field is no longer invalid.
    act(() => void fireEvent.change(password, { target: { value: 'NewKitchen2027' } }));
    expect(container.querySelectorAll('#password-rules li.met')).toHaveLength(4);
    expect(password.hasAttribute('aria-invalid')).toBe(false);
  });

  test('a forbidden character is named when typed, and only then', async () => {
    const { container } = await renderForm();
    expect(container.querySelector('li.forbidden')).toBeNull();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Kitchen#2027' } });
    expect(container.querySelector('li.forbidden')?.textContent).toBe('Not allowed: #');
  });

  test('a refusal for a password the checklist has not seen (the provider’s, on arrival) is said under the field', async () => {
    const { container } = await renderForm('newPasswordLength');
    expect(container.querySelector('#password-error')?.textContent).toBe(errors.newPasswordLength);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(container.querySelectorAll('#password-rules li.failed')).toHaveLength(0);
  });
});
