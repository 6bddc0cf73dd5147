import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, expect, test } from 'vitest';

/**
 * The five minutes of clock skew allowed between this server and the tenant (lib/auth/signed-in.ts
 * CLOCK_SKEW_SECONDS, given to openid-client in lib/provider/oidc.ts): an ID token that expired up
 * to five minutes ago by this server's clock, or is valid only from up to five minutes from now,
 * still signs the person in; one a few seconds beyond either bound does not. The code is exchanged
 * by the app's own lib/provider/tokens.ts against a loopback tenant that signs what the test asks.
 */
let server: Server;
let issuer = '';
let privateKey: CryptoKey;
let publicJwk: JWK;
/** The claims of the next ID token, relative to now (seconds). */
let timing: { expIn: number; nbfIn?: number } = { expIn: 300 };

beforeAll(async () => {
  const keys = await generateKeyPair('RS256');
  privateKey = keys.privateKey;
  publicJwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer(async (req, res) => {
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authz-srv/authz`,
        token_endpoint: `${issuer}/token-srv/token`,
        userinfo_endpoint: `${issuer}/users-srv/userinfo`,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (req.url === '/.well-known/jwks.json') return json({ keys: [publicJwk] });
    if (req.url === '/users-srv/userinfo') return json({ sub: 'sub-1' });
    if (req.url === '/token-srv/token') {
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({ nonce: 'n', ...(timing.nbfIn === undefined ? {} : { nbf: now + timing.nbfIn }) })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setAudience(process.env.CLIENT_ID!)
        .setSubject('sub-1')
        .setIssuedAt(now - 600)
        .setExpirationTime(now + timing.expIn)
        .sign(privateKey);
      return json({ access_token: 'opaque-access-token', token_type: 'Bearer', expires_in: 300, id_token: idToken });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PROVIDER_URL = issuer;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function signInWith(next: typeof timing) {
  timing = next;
  const { exchangeCode } = await import('@/lib/provider/tokens');
  return exchangeCode(new URL('http://localhost:3999/auth/callback?code=c-1&state=s'), {
    state: 's',
    nonce: 'n',
    codeVerifier: 'v'.repeat(43),
    createdAt: Date.now(),
  });
}

test('an ID token that expired 4 min 50 s ago by this clock signs in; 5 min 10 s ago, it is refused', async () => {
  await expect(signInWith({ expIn: -290 })).resolves.toMatchObject({ profile: { sub: 'sub-1' } });
  await expect(signInWith({ expIn: -310 })).rejects.toMatchObject({
    cause: { code: 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED', message: expect.stringContaining('"exp"') },
  });
});

test('an ID token valid from 4 min 50 s from now by this clock signs in; from 5 min 10 s, it is refused', async () => {
  await expect(signInWith({ expIn: 900, nbfIn: 290 })).resolves.toMatchObject({ profile: { sub: 'sub-1' } });
  await expect(signInWith({ expIn: 900, nbfIn: 310 })).rejects.toMatchObject({
    cause: { code: 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED', message: expect.stringContaining('"nbf"') },
  });
});
