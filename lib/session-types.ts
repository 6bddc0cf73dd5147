/** Shapes kept in the encrypted cookies (see lib/session.ts); no passwords or codes, ever. */

export type Continuation = {
  /** Which provider endpoint finishes this step (a browser form POST). */
  target: 'verification-login';
  statusId: string;
  sub: string;
  verificationType: string;
  exchangeId?: string;
};

export type FlowSession = {
  requestId: string;
  startedAt: number;
  email?: string;
  rememberMe?: boolean;
  sub?: string;
  continuation?: Continuation;
};

export type PendingAuthorization = {
  state: string;
  nonce: string;
  codeVerifier: string;
  createdAt: number;
};

export type SignedInUser = { sub: string; email?: string; signedInAt: number };

export type UserSession = { pending?: PendingAuthorization; user?: SignedInUser };
