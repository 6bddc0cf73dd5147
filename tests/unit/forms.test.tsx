// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { TextField } from '@/app/_components/text-field';

vi.mock('@/app/actions', () => ({ submitEmail: vi.fn() }));

describe('TextField', () => {
  test('links its error to the input for assistive technology', () => {
    render(<TextField id="email" name="email" type="email" label="E-mail address" autoComplete="username" error="Invalid email." />);
    const input = screen.getByLabelText('E-mail address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('email-error');
    expect(document.getElementById('email-error')?.textContent).toBe('Invalid email.');
  });

  test('without an error it is neither invalid nor described', () => {
    render(<TextField id="email" name="email" type="email" label="E-mail address" autoComplete="username" />);
    const input = screen.getByLabelText('E-mail address');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('required')).toBe(true);
  });

  test('a read-only field is not marked required', () => {
    render(<TextField id="u" name="username" type="email" label="E-mail address" autoComplete="username" defaultValue="a@b.de" readOnly />);
    const input = screen.getByLabelText('E-mail address') as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.required).toBe(false);
    expect(input.value).toBe('a@b.de');
  });
});

describe('EmailForm', () => {
  test('renders the e-mail field with the username token and the request id', async () => {
    const { EmailForm } = await import('@/app/_components/email-form');
    const { container } = render(
      <EmailForm requestId="req-12345678" labels={{ email: 'E-mail address', submit: 'Next', pending: 'Please wait…' }} errors={{}} />,
    );
    expect(screen.getByLabelText('E-mail address').getAttribute('autocomplete')).toBe('username');
    expect((container.querySelector('input[name="requestId"]') as HTMLInputElement).value).toBe('req-12345678');
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('countdownText', () => {
  test('singular and plural by the locale\'s plural rules', async () => {
    const { countdownText } = await import('@/app/_components/resend-form');
    const en = { one: 'in {seconds} second.', other: 'in {seconds} seconds.' };
    expect(countdownText(1, 'en-GB', en)).toBe('in 1 second.');
    expect(countdownText(2, 'en-GB', en)).toBe('in 2 seconds.');
    expect(countdownText(0, 'en-GB', en)).toBe('in 0 seconds.');
    // French counts 0 as singular.
    expect(countdownText(0, 'fr-FR', { one: '{seconds} seconde', other: '{seconds} secondes' })).toBe('0 seconde');
  });
});
