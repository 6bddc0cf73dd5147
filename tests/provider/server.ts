import { createServer } from 'node:http';
import { readBody, sendJson, str, type Handler, type Params, type Req } from './http.ts';
import { createSigner } from './keys.ts';
import { accountVerificationRoutes } from './services/account-verification.ts';
import { consentRoutes } from './services/consent.ts';
import type { Context, Generation, Route, RouteSpec } from './services/context.ts';
import { fido2Routes } from './services/fido2.ts';
import { hostedPageRoutes } from './services/hostedpages.ts';
import { invitationRoutes } from './services/invitations.ts';
import { loginRoutes } from './services/login.ts';
import { oidcRoutes } from './services/oidc.ts';
import { progressiveRoutes } from './services/progressive.ts';
import { publicRoutes } from './services/public.ts';
import { pushRoutes } from './services/push.ts';
import { registrationRoutes } from './services/registration.ts';
import { resetRoutes } from './services/reset.ts';
import { socialRoutes } from './services/social.ts';
import { standinRoutes } from './services/standin.ts';
import { userActionRoutes } from './services/useractions.ts';
import { verificationRoutes } from './services/verification.ts';
import { createStore } from './store.ts';

/**
 * The stand-in provider: a local process that speaks the cidaas API as docs/provider-contract.md
 * describes it, for `npm start` without PROVIDER_URL and for the tests. Test and demo
 * infrastructure only.
 *
 * Environment: STANDIN_PORT (4000), STANDIN_HOST (127.0.0.1), STANDIN_APP_URL (the app's public
 * URL: the client's registered redirect and logout URIs), STANDIN_CLIENT_ID / STANDIN_CLIENT_SECRET
 * (the app's client), STANDIN_ADMIN_CLIENT_ID / STANDIN_ADMIN_CLIENT_SECRET (an admin client
 * allowed to write hosted pages), STANDIN_HOSTED_PAGE_GROUP (the client's hosted-page group,
 * default sales-portal-signin), STANDIN_API (current | legacy), STANDIN_PRECHECK_ORDER
 * (mfa-first | group-first), STANDIN_TOKEN_TTL (seconds), STANDIN_RP_ID (the FIDO2 relying-party id,
 * default STANDIN_APP_URL's host: the tenant configured for this deployment's domain),
 * STANDIN_CLIENT_SCOPES (the scopes the client may be granted, default openid email profile groups
 * roles offline_access cidaas:register cidaas:invite), STANDIN_REFRESH_TOKENS (off: the client has no refresh_token grant).
 */
const env = process.env;
const port = Number(env.STANDIN_PORT ?? 4000);
const host = env.STANDIN_HOST ?? '127.0.0.1';
const issuer = `http://${host}:${port}`;
const appUrl = (env.STANDIN_APP_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const clientId = env.STANDIN_CLIENT_ID ?? 'sales-portal-demo';
const clientSecret = env.STANDIN_CLIENT_SECRET;
const generation: Generation = env.STANDIN_API === 'legacy' ? 'legacy' : 'current';
const order = env.STANDIN_PRECHECK_ORDER === 'group-first' ? 'group-first' : 'mfa-first';
if (!clientSecret) {
  console.error('stand-in: STANDIN_CLIENT_SECRET is required');
  process.exit(1);
}
if (env.STANDIN_API && !['current', 'legacy'].includes(env.STANDIN_API)) {
  console.error('stand-in: STANDIN_API must be current or legacy');
  process.exit(1);
}

const store = createStore({
  seedPath: new URL(env.STANDIN_SEED ?? './seed.json', import.meta.url),
  issuer,
  precheckOrder: order,
  client: {
    clientId,
    clientSecret,
    redirectUris: [`${appUrl}/auth/callback`],
    initiateLoginUri: `${appUrl}/auth/start`,
    postLogoutRedirectUris: [`${appUrl}/`, `${appUrl}/signed-out`],
    hostedPageGroup: env.STANDIN_HOSTED_PAGE_GROUP ?? 'sales-portal-signin',
    allowedScopes: (env.STANDIN_CLIENT_SCOPES ?? 'openid email profile groups roles offline_access cidaas:register cidaas:invite')
      .split(/[\s,]+/)
      .filter(Boolean),
    refreshTokens: env.STANDIN_REFRESH_TOKENS !== 'off',
  },
  adminClient:
    env.STANDIN_ADMIN_CLIENT_ID && env.STANDIN_ADMIN_CLIENT_SECRET
      ? { clientId: env.STANDIN_ADMIN_CLIENT_ID, clientSecret: env.STANDIN_ADMIN_CLIENT_SECRET }
      : undefined,
});
const relyingParty = { id: env.STANDIN_RP_ID ?? new URL(appUrl).hostname, origin: new URL(appUrl).origin };
const ctx: Context = {
  store,
  signer: await createSigner(issuer),
  issuer,
  tokenTtlSeconds: Number(env.STANDIN_TOKEN_TTL ?? 3600),
  generation,
  relyingParty,
};

const routes: Route[] = [
  ...oidcRoutes(ctx),
  ...publicRoutes(ctx),
  ...userActionRoutes(ctx),
  ...registrationRoutes(ctx),
  ...invitationRoutes(ctx),
  ...progressiveRoutes(ctx),
  ...verificationRoutes(ctx),
  ...pushRoutes(ctx),
  ...fido2Routes(ctx),
  ...loginRoutes(ctx),
  ...socialRoutes(ctx),
  ...resetRoutes(ctx),
  ...accountVerificationRoutes(ctx),
  ...hostedPageRoutes(ctx),
  ...consentRoutes(ctx),
  ...standinRoutes(ctx),
];

/** A pattern may name the `action` query parameter its route answers (password-srv's style). */
const compiled = routes.map(([method, pattern, handler, spec]) => {
  const [path, query] = pattern.split('?');
  const action = query?.startsWith('action=') ? query.slice('action='.length) : undefined;
  const names: string[] = [];
  const source = path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { method, regex: new RegExp(`^${source}/?$`), action, names, handler, spec: spec ?? {} };
});

function match(method: string, url: URL): { handler: Handler; params: Params; spec: RouteSpec } | undefined {
  for (const route of compiled) {
    if (route.method !== method) continue;
    if (route.action !== undefined && url.searchParams.get('action') !== route.action) continue;
    const m = route.regex.exec(url.pathname);
    if (m) return { handler: route.handler, spec: route.spec, params: Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) };
  }
  return undefined;
}

/** A JSON API given a body it cannot read, where its service's own answer is not known. */
const unsupported = (res: Parameters<NonNullable<RouteSpec['malformed']>>[0]) =>
  sendJson(res, 415, { success: false, status: 415, error: { code: 415, error: 'unsupported media type' } });

const server = createServer(async (rawReq, res) => {
  const req = rawReq as Req;
  const url = new URL(req.url, issuer);
  const isControl = url.pathname.startsWith('/__standin/');
  const record = isControl ? undefined : store.recordCall(req.method, url.pathname + url.search);
  const found = match(req.method, url);
  const body = found && req.method === 'POST' ? await readBody(req, found.spec.body ?? 'json').catch(() => undefined) : {};
  if (record && body) {
    record.requestId = str(body.requestId) ?? str(body.request_id);
    record.sub = str(body.sub) ?? str(body.q);
  }
  const fault = record && store.faultFor(record);
  if (fault) {
    if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault.mode === 'close') return req.socket.destroy();
    if (fault.mode === 'error')
      return sendJson(res, 500, { success: false, status: 500, error: { code: 'SECRET-STACK', error: 'java.lang.NullPointerException at internal' } });
    if (fault.mode === 'refuse') {
      const status = fault.status ?? 400;
      return sendJson(res, status, { success: false, status, error: { code: status, error: 'refused by a test' } });
    }
    if (fault.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"success": tru');
    }
  }
  if (!found) return sendJson(res, 404, { success: false, status: 404, error: { code: 404, error: 'not found' } });
  try {
    if (body === undefined) return (found.spec.malformed ?? unsupported)(res);
    await found.handler(req, res, found.params, url, body);
  } catch (error) {
    console.error('stand-in handler failed', error);
    if (!res.headersSent) sendJson(res, 500, { success: false, status: 500, error: { code: 500, error: 'internal error' } });
  }
});

// Node's default keeps an idle connection 5 s, the same as Node's clients (the tests' request
// contexts): one side may then send on a connection the other is closing (ECONNRESET). Load
// balancers in front of real tenants keep idle connections for a minute or more.
server.keepAliveTimeout = 65_000;

server.listen(port, host, () => {
  console.log(`stand-in provider listening on ${issuer} (${generation} API, prechecks ${order}, client pages group ${store.client.hostedPageGroup})`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
