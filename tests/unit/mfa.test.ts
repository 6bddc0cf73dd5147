import { describe, expect, test } from 'vitest';
import { continuationForm } from '@/lib/flows/continuation';
import { canResend, codeSentText, mfaStepPath, optionLabel, resendWaitSeconds, selectMfaStart, startTexts } from '@/lib/flows/mfa';
import { mfaCodeError, normaliseCode } from '@/lib/validation/rules';

const method = (type: string, mediumIds: string[] = [], destination?: string) => ({ type, mediumIds, destination });

describe('selectMfaStart', () => {
  // docs/features.md "Passkeys": FIDO2 is never a code to send; with passkeys on it is offered beside the
  // others.
  test('FIDO2 with passkeys off: left out, the rest as before', () => {
    expect(selectMfaStart([method('PASSWORD'), method('FIDO2', ['k1']), method('EMAIL', ['e1'])])).toEqual({
      kind: 'single',
      option: { type: 'EMAIL', mediumId: 'e1' },
    });
    expect(selectMfaStart([method('FIDO2', ['k1'])])).toEqual({ kind: 'single', option: { type: 'EMAIL', mediumId: '' } });
  });

  test('FIDO2 with passkeys on: a passkey beside the other methods, nothing started by itself', () => {
    expect(selectMfaStart([method('PASSWORD'), method('FIDO2', ['k1'], 'Laptop'), method('SMS', ['s1'])], { passkeys: true })).toEqual({
      kind: 'options',
      options: [{ type: 'SMS', mediumId: 's1' }],
      passkey: { type: 'FIDO2', mediumId: 'k1', destination: 'Laptop' },
    });
  });

  test('FIDO2 alone with passkeys on: the e-mail code stays as the way out', () => {
    expect(selectMfaStart([method('FIDO2', ['k1', 'k2'])], { passkeys: true })).toEqual({
      kind: 'options',
      options: [{ type: 'EMAIL', mediumId: '' }],
      passkey: { type: 'FIDO2', mediumId: '' },
    });
  });

  test('PASSWORD is never an option; several others are offered to choose from', () => {
    expect(selectMfaStart([method('PASSWORD', ['PASSWORD']), method('EMAIL', ['e1']), method('TOTP', ['t1'])])).toEqual({
      kind: 'options',
      options: [
        { type: 'EMAIL', mediumId: 'e1' },
        { type: 'TOTP', mediumId: 't1' },
      ],
    });
  });

  test('exactly one option is started directly', () => {
    expect(selectMfaStart([method('PASSWORD'), method('SMS', ['s1'])])).toEqual({ kind: 'single', option: { type: 'SMS', mediumId: 's1' } });
  });

  test('none configured starts EMAIL with an empty medium id', () => {
    expect(selectMfaStart([method('PASSWORD', ['PASSWORD'])])).toEqual({ kind: 'single', option: { type: 'EMAIL', mediumId: '' } });
    expect(selectMfaStart([])).toEqual({ kind: 'single', option: { type: 'EMAIL', mediumId: '' } });
  });

  test('the medium id is set only when exactly one medium is configured', () => {
    expect(selectMfaStart([method('EMAIL', ['a', 'b'])])).toEqual({ kind: 'single', option: { type: 'EMAIL', mediumId: '' } });
    expect(selectMfaStart([method('EMAIL', [])])).toEqual({ kind: 'single', option: { type: 'EMAIL', mediumId: '' } });
  });

  test("the medium's name goes with the option, and only with its one medium", () => {
    const start = selectMfaStart([method('SMS', ['s1'], '+49 ••• ••12'), method('PUSH', ['p1'], 'Pixel 8'), method('EMAIL', ['a', 'b'], 'a•••@example.com')]);
    expect(start).toEqual({
      kind: 'options',
      options: [
        { type: 'SMS', mediumId: 's1', destination: '+49 ••• ••12' },
        { type: 'PUSH', mediumId: 'p1', destination: 'Pixel 8' },
        { type: 'EMAIL', mediumId: '' },
      ],
    });
    expect(start.kind === 'options' && 'destination' in start.options[2]).toBe(false);
  });
});

describe('MFA code', () => {
  test.each([
    ['', 'mfaCodeRequired'],
    ['   ', 'mfaCodeRequired'],
    ['12345', 'mfaCodeLength'],
    ['1234567', 'mfaCodeLength'],
    ['12a456', 'mfaCodeLength'],
    ['123456', undefined],
    ['123 456', undefined],
    [' 123-456 ', undefined],
  ])('%j → %s', (value, expected) => {
    expect(mfaCodeError(value)).toBe(expected);
  });

  test('a pasted code is normalised before it is sent', () => {
    expect(normaliseCode(' 123 456\n')).toBe('123456');
  });
});

describe('resend and labels', () => {
  test('TOTP has nothing to resend; codes sent by e-mail or SMS do', () => {
    expect(canResend('TOTP')).toBe(false);
    expect(canResend('EMAIL')).toBe(true);
    expect(canResend('SMS')).toBe(true);
  });

  test('the countdown runs from the last send', () => {
    expect(resendWaitSeconds(10_000, 10_000, 30)).toBe(30);
    expect(resendWaitSeconds(10_000, 39_001, 30)).toBe(1);
    expect(resendWaitSeconds(10_000, 40_000, 30)).toBe(0);
    expect(resendWaitSeconds(10_000, 99_000, 30)).toBe(0);
  });

  test('each type has its label, naming the destination when the tenant sends one; unknown types a generic one', () => {
    expect(['EMAIL', 'SMS', 'TOTP', 'PUSH', 'FIDO2'].map((type) => optionLabel({ type }).key)).toEqual([
      'optionEmail',
      'optionSms',
      'optionTotp',
      'optionPush',
      'optionOther',
    ]);
    expect(optionLabel({ type: 'EMAIL', destination: 'j•••@example.com' })).toEqual({ key: 'optionEmailTo', destination: 'j•••@example.com' });
    expect(optionLabel({ type: 'SMS', destination: '+49 ••• ••12' })).toEqual({ key: 'optionSmsTo', destination: '+49 ••• ••12' });
    expect(optionLabel({ type: 'PUSH', destination: 'Pixel 8' })).toEqual({ key: 'optionPushOn', destination: 'Pixel 8' });
    // An authenticator app has no destination to name.
    expect(optionLabel({ type: 'TOTP', destination: 'x' })).toEqual({ key: 'optionTotp' });
  });

  test('one table for the texts that depend on the method: the single start and the code page', () => {
    expect(startTexts({ type: 'EMAIL', destination: 'j•••@example.com' })).toEqual({ text: { key: 'startEmail' }, button: 'send', pending: 'sending' });
    expect(startTexts({ type: 'PUSH', destination: 'Pixel 8' })).toEqual({
      text: { key: 'startPushOn', destination: 'Pixel 8' },
      button: 'sendRequest',
      pending: 'sendingRequest',
    });
    expect(startTexts({ type: 'PUSH' }).text).toEqual({ key: 'startPush' });
    expect(startTexts({ type: 'TOTP' })).toEqual({ text: { key: 'startTotp' }, button: 'continue', pending: 'loading' });
    expect(startTexts({ type: 'FIDO2' })).toEqual({ text: { key: 'startOther' }, button: 'send', pending: 'sending' });
    expect(codeSentText({ type: 'EMAIL', destination: 'j•••@example.com' })).toEqual({ key: 'sentEmailTo', destination: 'j•••@example.com' });
    expect(codeSentText({ type: 'SMS' })).toEqual({ key: 'sentSms' });
    expect(codeSentText({ type: 'TOTP', destination: 'x' })).toEqual({ key: 'totpDescription' });
    expect(codeSentText({ type: 'constructor' })).toEqual({ key: 'otherDescription' });
  });

  test('a push is waited for on its own page; every other method has a code to type', () => {
    expect(mfaStepPath('PUSH')).toBe('/register-mfa/push');
    expect(['EMAIL', 'SMS', 'TOTP'].map(mfaStepPath)).toEqual(['/register-mfa/code', '/register-mfa/code', '/register-mfa/code']);
    expect(canResend('PUSH')).toBe(true);
  });
});

test('after MFA the flow continues with the precheck continuation: the track, the request, the subject, the status and the type', () => {
  const form = continuationForm({
    providerUrl: new URL('https://tenant.cidaas.de'),
    requestId: 'req-1',
    rememberMe: true,
    continuation: { target: 'precheck-continue', trackId: 'track/1', statusId: 'st-1', sub: 'sub-1', verificationType: 'EMAIL' },
  });
  expect(form.action).toBe('https://tenant.cidaas.de/login-srv/precheck/continue/track%2F1');
  // docs/provider-contract.md §2.9: requestId is part of it; no group was chosen yet, so none is sent.
  expect(form.fields).toEqual([
    ['track_id', 'track/1'],
    ['requestId', 'req-1'],
    ['sub', 'sub-1'],
    ['status_id', 'st-1'],
    ['verificationType', 'EMAIL'],
  ]);
});
