import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  AuthenticationChallenge,
  AuthenticationResponse,
  fido2ClientResponse,
  fido2Entity,
  normaliseCredentialId,
  normaliseUserId,
  parseCredential,
  RegistrationChallenge,
  RegistrationResponse,
  rpIdFits,
  toBase64Url,
} from '@/lib/provider/fido2-shapes';

/**
 * The mapping between the tenant's FIDO2 shapes and the browser's (docs/provider-contract.md
 * §2.13), fed with recorded bodies: tests/unit/fixtures/fido2/ holds answers and browser
 * credentials as they were recorded (the stand-in's initiations, Chromium's virtual authenticator's
 * credentials), and the shapes of cidaas's own documentation sample (its REGISTER answer).
 */
const fixture = (name: string) => JSON.parse(readFileSync(`tests/unit/fixtures/fido2/${name}.json`, 'utf8')) as Record<string, unknown>;
const data = (name: string) => (fixture(name) as { data: Record<string, unknown> }).data;

describe('base64url', () => {
  test('standard base64 is rewritten, base64url kept, anything else refused', () => {
    expect(toBase64Url('ab+/cd==')).toBe('ab-_cd');
    expect(toBase64Url('ab-_cd')).toBe('ab-_cd');
    expect(toBase64Url('YWJj')).toBe('YWJj');
    expect(toBase64Url('not base64!')).toBeUndefined();
    expect(toBase64Url('')).toBeUndefined();
    // A length no encoding produces.
    expect(toBase64Url('abcde')).toBeUndefined();
  });

  test('a double-encoded credential id is decoded once more; a plain one is left as it is', () => {
    const id = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)).toString('base64url');
    const twice = Buffer.from(id, 'utf8').toString('base64url');
    expect(normaliseCredentialId(id)).toBe(id);
    expect(normaliseCredentialId(twice)).toBe(id);
    expect(normaliseCredentialId(Buffer.from(id, 'base64url').toString('base64'))).toBe(id);
  });

  test('a user id is base64url, or a plain string whose UTF-8 bytes are the id', () => {
    expect(normaliseUserId('dXNlci0x')).toBe('dXNlci0x');
    expect(normaliseUserId('anna@example.com')).toBe(Buffer.from('anna@example.com').toString('base64url'));
  });
});

describe('an authentication initiation (recorded from the stand-in)', () => {
  const body = data('authenticate-initiation');

  test('the entity gives the request id and the browser options', () => {
    const entity = fido2Entity(AuthenticationChallenge).parse(body.fido2_entity);
    expect(entity.fidoRequestId).toBe((body.fido2_entity as { fidoRequestId: string }).fidoRequestId);
    expect(entity.options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred', timeout: 120000 });
    expect(entity.options.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(entity.options.allowCredentials).toHaveLength(1);
  });

  test('double-encoded ids (recorded from a tenant that sends them so) come out as the browser needs them', () => {
    const plain = fido2Entity(AuthenticationChallenge).parse(body.fido2_entity).options.allowCredentials![0].id;
    const doubled = fido2Entity(AuthenticationChallenge).parse(data('authenticate-initiation-double').fido2_entity).options.allowCredentials![0];
    expect(doubled.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(doubled.id, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(plain).not.toBe(doubled.id); // two different accounts' credentials
  });

  test('rp.id instead of rpId, and standard base64, are read the same', () => {
    const challenge = { challenge: 'q83vEjRWeJA+/w==', rp: { id: 'example.com', name: 'Example' }, allowCredentials: [] };
    expect(AuthenticationChallenge.parse(challenge)).toEqual({ challenge: 'q83vEjRWeJA-_w', rpId: 'example.com', allowCredentials: [] });
  });

  test('an entity without its request id, or options without a challenge, are refused', () => {
    expect(fido2Entity(AuthenticationChallenge).safeParse({ server_challenge: { challenge: 'abcd' } }).success).toBe(false);
    expect(fido2Entity(AuthenticationChallenge).safeParse({ fidoRequestId: 'r', server_challenge: { rpId: 'x' } }).success).toBe(false);
  });
});

describe('a registration initiation', () => {
  test('recorded from the stand-in: the creation options as the browser needs them', () => {
    const entity = fido2Entity(RegistrationChallenge).parse(data('register-initiation').fido2_entity);
    expect(entity.options.rp).toEqual({ id: 'localhost', name: expect.any(String) });
    expect(entity.options.user.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(entity.options.pubKeyCredParams.map((p) => p.alg)).toContain(-7);
    expect(entity.options.authenticatorSelection).toMatchObject({ residentKey: 'preferred', userVerification: 'preferred' });
  });

  test("cidaas's documentation sample: rp.id, a plain user id, discouraged verification, alg -7", () => {
    const entity = fido2Entity(RegistrationChallenge).parse(data('register-initiation-docs').fido2_entity);
    expect(entity.fidoRequestId).toBe('8d1c6b0e-6a53-4f43-9b1b-1f3c4e3f2a10');
    expect(entity.options).toEqual({
      challenge: 'Y2hhbGxlbmdlLWZyb20tZG9jcw',
      rp: { id: 'example.cidaas.eu', name: 'cidaas' },
      user: { id: Buffer.from('0d5d6a9e-user').toString('base64url'), name: 'anna@example.com', displayName: 'Anna' },
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
      authenticatorSelection: { requireResidentKey: false, userVerification: 'discouraged' },
      attestation: 'none',
    });
  });

  test('without a relying-party id there is nothing to create a passkey for', () => {
    const body = { challenge: 'abcd', user: { id: 'dXNlcg', name: 'u' }, pubKeyCredParams: [{ alg: -7 }] };
    expect(RegistrationChallenge.safeParse(body).success).toBe(false);
  });
});

describe("the browser's credentials (recorded from Chromium's virtual authenticator)", () => {
  test('an assertion is read and passed on as it is, inside fido2_client_response', () => {
    const text = JSON.stringify(fixture('authentication-response'));
    const credential = parseCredential(AuthenticationResponse, text)!;
    expect(credential.id).toBe(credential.rawId);
    expect(fido2ClientResponse('req-1', credential)).toEqual({ fidoRequestId: 'req-1', client_response: credential });
  });

  test('an attestation is read', () => {
    const credential = parseCredential(RegistrationResponse, JSON.stringify(fixture('registration-response')))!;
    expect(credential.response.attestationObject).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  test('anything else is not a credential', () => {
    expect(parseCredential(AuthenticationResponse, 'not json')).toBeUndefined();
    expect(parseCredential(AuthenticationResponse, JSON.stringify({ id: 'a', rawId: 'a', type: 'public-key', response: {} }))).toBeUndefined();
    expect(parseCredential(AuthenticationResponse, JSON.stringify(fixture('registration-response')))).toBeUndefined();
    expect(parseCredential(AuthenticationResponse, 42)).toBeUndefined();
    expect(parseCredential(AuthenticationResponse, 'x'.repeat(40_000))).toBeUndefined();
  });
});

test('a relying-party id fits this host or a registrable suffix of it', () => {
  expect(rpIdFits('example.com', 'signin.example.com')).toBe(true);
  expect(rpIdFits('signin.example.com', 'signin.example.com')).toBe(true);
  expect(rpIdFits('example.cidaas.eu', 'signin.example.com')).toBe(false);
  expect(rpIdFits('ample.com', 'signin.example.com')).toBe(false);
});
