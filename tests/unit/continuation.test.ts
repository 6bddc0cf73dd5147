import { expect, test } from 'vitest';
import { continuationForm } from '@/lib/flows/continuation';

test('the password continuation posts to the provider verification login with every field it needs', () => {
  const form = continuationForm({
    providerUrl: new URL('https://tenant.cidaas.de/'),
    requestId: 'req-1',
    rememberMe: true,
    continuation: { target: 'verification-login', statusId: 'st-1', sub: 'sub-1', verificationType: 'password', exchangeId: 'ex-1' },
  });
  expect(form.action).toBe('https://tenant.cidaas.de/login-srv/verification/login');
  expect(Object.fromEntries(form.fields)).toEqual({
    requestId: 'req-1',
    sub: 'sub-1',
    status_id: 'st-1',
    verificationType: 'password',
    exchange_id: 'ex-1',
    rememberMe: 'true',
  });
});

test('the after-register login posts rememberMe, trackId and device_id to the track', async () => {
  const { afterRegisterForm } = await import('@/lib/flows/continuation');
  const form = afterRegisterForm(new URL('https://tenant.cidaas.de'), 'track-1');
  expect(form.action).toBe('https://tenant.cidaas.de/login-srv/login/handle/afterregister/track-1');
  expect(form.fields).toEqual([
    ['rememberMe', 'true'],
    ['trackId', 'track-1'],
    ['device_id', ''],
  ]);
});

test('after a second factor the precheck continuation carries the request, the status, the type and the group chosen before', () => {
  const form = continuationForm({
    providerUrl: new URL('https://tenant.cidaas.de/'),
    requestId: 'req-1',
    rememberMe: true,
    continuation: { target: 'precheck-continue', trackId: 'tr/1', sub: 'sub-1', statusId: 'st-1', verificationType: 'EMAIL', selectedGroupId: 'grp-1' },
  });
  expect(form.action).toBe('https://tenant.cidaas.de/login-srv/precheck/continue/tr%2F1');
  expect(Object.fromEntries(form.fields)).toEqual({
    track_id: 'tr/1',
    requestId: 'req-1',
    sub: 'sub-1',
    status_id: 'st-1',
    verificationType: 'EMAIL',
    selectedGroupId: 'grp-1',
  });
});

test('after group selection the precheck continuation posts exactly track_id, requestId, sub and selectedGroupId', () => {
  const form = continuationForm({
    providerUrl: new URL('https://tenant.cidaas.de/'),
    requestId: 'req-1',
    rememberMe: false,
    continuation: { target: 'precheck-continue', trackId: 'tr-1', sub: 'sub-1', selectedGroupId: 'kitchenpro-north' },
  });
  expect(form.action).toBe('https://tenant.cidaas.de/login-srv/precheck/continue/tr-1');
  expect(form.fields).toEqual([
    ['track_id', 'tr-1'],
    ['requestId', 'req-1'],
    ['sub', 'sub-1'],
    ['selectedGroupId', 'kitchenpro-north'],
  ]);
});

test('an empty group is not sent (the login_success continuation: track, request and subject only)', () => {
  const form = continuationForm({
    providerUrl: new URL('https://tenant.cidaas.de/'),
    requestId: 'req-1',
    rememberMe: true,
    continuation: { target: 'precheck-continue', trackId: 'tr-1', sub: 'sub-1', selectedGroupId: '' },
  });
  expect(form.fields).toEqual([
    ['track_id', 'tr-1'],
    ['requestId', 'req-1'],
    ['sub', 'sub-1'],
  ]);
});

test('every finished step leaves its continuation through one helper', async () => {
  const { continuationAfter } = await import('@/lib/flows/continuation');
  expect(continuationAfter({ step: 'password', sub: 'sub-1', statusId: 'st-1', exchangeId: 'ex-1' })).toEqual({
    target: 'verification-login',
    statusId: 'st-1',
    sub: 'sub-1',
    verificationType: 'password',
    exchangeId: 'ex-1',
  });
  expect(continuationAfter({ step: 'group', trackId: 'tr-1', sub: 'sub-1', groupId: 'g-1' })).toEqual({
    target: 'precheck-continue',
    trackId: 'tr-1',
    sub: 'sub-1',
    selectedGroupId: 'g-1',
  });
  expect(continuationAfter({ step: 'second-factor', trackId: 'tr-1', sub: 'sub-1', statusId: 'st-2', verificationType: 'SMS' })).toEqual({
    target: 'precheck-continue',
    trackId: 'tr-1',
    sub: 'sub-1',
    statusId: 'st-2',
    verificationType: 'SMS',
    selectedGroupId: undefined,
  });
});
