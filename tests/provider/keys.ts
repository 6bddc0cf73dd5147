import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';

/** The stand-in's signing key, made at start (tokens do not survive a restart, by design). */
export async function createSigner(issuer: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `standin-${Date.now().toString(36)}`;
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };

  return {
    jwks: { keys: [publicJwk] },
    sign(claims: JWTPayload, expiresInSeconds: number): Promise<string> {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
        .sign(privateKey);
    },
    async verify(token: string): Promise<JWTPayload | null> {
      try {
        return (await jwtVerify(token, publicKey, { issuer })).payload;
      } catch {
        return null;
      }
    },
  };
}

export type Signer = Awaited<ReturnType<typeof createSigner>>;
