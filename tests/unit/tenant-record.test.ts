import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readAnswer } from '@/lib/provider/answer';
import type { ProviderService } from '@/lib/provider/error-codes';
import { bodyOf, codePlace, record, redactPath, shapeOf, type Recorded } from '@/scripts/tenant-record';

/**
 * `tenant:check --record` (scripts/tenant-record.ts): what a recording keeps of an answer (its
 * shape, the provider's constants, where the code sits; never a value of anybody's), and the
 * recordings in tests/unit/fixtures/recordings/ read again by this build: every answer of the
 * recorded shape must still be understood as it was when it was recorded.
 */
const DIR = 'tests/unit/fixtures/recordings';

describe('what a recording keeps', () => {
  test('keys and types, not values; codes, actions and scope names as they are', () => {
    const body = {
      success: false,
      status: 400,
      code: 'VER_0029',
      error: 'method_already_configured',
      error_description: 'FIDO2 for anna.schmidt@example.com is already configured',
      data: { sub: 'a1f4c2e0-0001', email: 'anna.schmidt@example.com', mediums: [{ id: 'm-1', key_name: 'Work phone' }], count: 3, scope: 'openid groups' },
    };
    expect(shapeOf(body)).toEqual({
      success: false,
      status: 400,
      code: 'VER_0029',
      error: 'method_already_configured',
      error_description: '<string>',
      data: { sub: '<string>', email: '<string>', mediums: [{ id: '<string>', key_name: '<string>' }], count: '<number>', scope: 'openid groups' },
    });
    // A constant key holding something that is not a constant (an address, a long text) is not kept.
    expect(shapeOf({ error: 'the address anna@example.com is unknown to us, please register first' })).toEqual({ error: '<string>' });
    expect(JSON.stringify(shapeOf(body))).not.toMatch(/anna|a1f4|Work phone/);
  });

  test('ids in paths are replaced; a Location keeps its path and parameter names only', () => {
    expect(redactPath('/useractions-srv/userexistence/0d6e1c4e-2222-4000-8000-000000000002?webfinger=x')).toBe('/useractions-srv/userexistence/{id}');
    expect(redactPath('/group-selection/eyJ0cmFja0lkIjoiMTIzNDU2Nzg5MCJ9/s')).toBe('/group-selection/{id}/s');
    const entry = record(
      { service: 'login-srv', operation: 'continue', method: 'POST', path: 'https://tenant.example/login-srv/verification/login' },
      { status: 302, json: null, location: new URL('https://login.example/group-selection?track_id=t-1&sub=s-1&requestId=r-1&group_id=g') },
      { kind: 'redirect', status: 302, location: new URL('https://login.example/group-selection'), failure: undefined },
    );
    expect(entry).toEqual({
      service: 'login-srv',
      operation: 'continue',
      method: 'POST',
      path: '/login-srv/verification/login',
      status: 302,
      read: { kind: 'redirect', failure: false },
      location: { path: '/group-selection', params: ['group_id', 'requestId', 'sub', 'track_id'] },
    });
  });

  test('where the classified code sits, in the order the answer reader looks', () => {
    expect(codePlace({ code: 'VER_0006', error: 'invalid_request' }, 'VER_0006')).toBe('code');
    expect(codePlace({ error: { code: 3072, error: 'x' } }, 3072)).toBe('error.code');
    expect(codePlace({ error: 'invalid_username_password' }, 'invalid_username_password')).toBe('error');
    expect(codePlace({ error: { error: 'invalid_code' } }, 'invalid_code')).toBe('error.error');
    expect(codePlace({ error: 'x' }, undefined)).toBeUndefined();
  });
});

const recordings = readdirSync(DIR).filter((file) => file.endsWith('.json'));

test('the recordings cover both provider generations, each a whole sign-in from discovery to the revoked refresh token', () => {
  const read = recordings.map((file) => JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8')) as { providerApi: string; answers: Recorded[] });
  expect(new Set(read.map((r) => r.providerApi))).toEqual(new Set(['current', 'legacy']));
  const signIn = [
    'discovery',
    'public.clientInfo',
    'users.checkExists',
    'verification.configuredList',
    'verification.authenticate',
    'tenant-check.continue',
    'oidc /token-srv/token',
    'oidc /token-srv/revoke',
  ];
  for (const [i, recording] of read.entries())
    expect(
      recording.answers.map((a) => a.operation),
      recordings[i],
    ).toEqual(expect.arrayContaining(signIn));
  // Refusals are among them, so the reading of a code and its meaning is tried again too.
  expect(read.flatMap((r) => r.answers).filter((a) => a.read.kind === 'refused').length).toBeGreaterThan(0);
});

describe.each(recordings)('recording %s, read again by this build', (file) => {
  const { answers } = JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8')) as { answers: Recorded[] };

  test.each(answers.map((answer, i) => [`${i} ${answer.method} ${answer.path} → ${answer.status}`, answer] as const))('%s', (_name, answer) => {
    const location = answer.location
      ? new URL(`https://tenant.example${answer.location.path.replaceAll('{id}', 'x')}?${answer.location.params.map((p) => `${p}=x`).join('&')}`)
      : undefined;
    const read = readAnswer(
      { service: answer.service as ProviderService, operation: answer.operation },
      { status: answer.status, json: bodyOf(answer.body), location },
    );
    expect(read.kind).toBe(answer.read.kind);
    if (read.kind === 'refused') {
      expect(read.error.code).toEqual(answer.read.code);
      expect(read.error.meaning).toEqual(answer.read.meaning);
    }
    if (read.kind === 'redirect') expect(read.failure !== undefined).toBe(answer.read.failure);
  });
});
