import { expect, test } from 'vitest';
import { resendLabels } from '@/lib/i18n/resend-labels';

const t = Object.assign((key: string) => `t:${key}`, { raw: (key: string) => `raw:${key}` });

test('the resend texts: the countdown raw (the form fills in the seconds), the rest translated', () => {
  expect(
    resendLabels(t, { resend: 'resend', resendIn: 'resendIn', resendInOne: 'resendInOne', resendAvailable: 'resendAvailable', sending: 'sending' }),
  ).toEqual({
    resend: 't:resend',
    resendIn: { one: 'raw:resendInOne', other: 'raw:resendIn' },
    resendAvailable: 't:resendAvailable',
    sending: 't:sending',
  });
});

test('a namespace without an announcement or a pending text of its own uses the button text', () => {
  const labels = resendLabels(t, { resend: 'resend', resendIn: 'resendIn', resendInOne: 'resendInOne' });
  expect(labels.resendAvailable).toBe('t:resend');
  expect(labels.sending).toBe('t:resend');
});
