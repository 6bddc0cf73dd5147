import { createTranslator } from 'use-intl/core';
import { expect, test } from 'vitest';
import { resendLabels } from '@/lib/i18n/resend-labels';
import { template } from '@/lib/i18n/template';

// Typed as plain strings, as the app's JSON messages are (literal types would demand the values).
const messages: Record<string, Record<string, string>> = {
  mfa: {
    resend: 'Send again',
    resendIn: 'You can request a new code in {seconds} seconds.',
    resendInOne: 'You can request a new code in {seconds} second.',
    resendAvailable: 'You can request a new code now.',
    sending: 'Sending…',
  },
};
const t = createTranslator({ locale: 'en-GB', messages, namespace: 'mfa' });

test('the resend texts: the countdown keeps {seconds} (the form fills it in), the rest translated', () => {
  expect(
    resendLabels(t, { resend: 'resend', resendIn: 'resendIn', resendInOne: 'resendInOne', resendAvailable: 'resendAvailable', sending: 'sending' }),
  ).toEqual({
    resend: 'Send again',
    resendIn: { one: 'You can request a new code in {seconds} second.', other: 'You can request a new code in {seconds} seconds.' },
    resendAvailable: 'You can request a new code now.',
    sending: 'Sending…',
  });
});

test('a namespace without an announcement or a pending text of its own uses the button text', () => {
  const labels = resendLabels(t, { resend: 'resend', resendIn: 'resendIn', resendInOne: 'resendInOne' });
  expect(labels.resendAvailable).toBe('Send again');
  expect(labels.sending).toBe('Send again');
});

test('a template keeps every placeholder it names, and formats the rest of the message', () => {
  const groups = createTranslator({
    locale: 'de-DE',
    messages: { g: { found: 'Treffer: {count} (von {total})' } } as Record<string, Record<string, string>>,
    namespace: 'g',
  });
  expect(template(groups, 'found', 'count', 'total')).toBe('Treffer: {count} (von {total})');
});
