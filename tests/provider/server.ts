import { createServer } from 'node:http';
import { createSigner } from './keys.ts';
import { createStore } from './store.ts';
import { sendJson, type Handler, type Params, type Req } from './http.ts';
import type { Context, Route } from './services/context.ts';
import { oidcRoutes } from './services/oidc.ts';
import { publicRoutes } from './services/public.ts';
import { userActionRoutes } from './services/useractions.ts';
import { verificationRoutes } from './services/verification.ts';
import { loginRoutes } from './services/login.ts';
import { standinRoutes } from './services/standin.ts';
import { userRoutes } from './services/users.ts';

/**
 * The stand-in provider: a local process that speaks the cidaas API as provider-api.md describes
 * it, for `npm start` without PROVIDER_URL and for the tests. Test and demo infrastructure only.
 *
 * Environment: STANDIN_PORT (4000), STANDIN_HOST (127.0.0.1), STANDIN_APP_URL (the app's public
 * URL), STANDIN_CLIENT_ID / STANDIN_CLIENT_SECRET (the app's client), STANDIN_TOKEN_TTL (seconds).
 */
const env = process.env;
const port = Number(env.STANDIN_PORT ?? 4000);
const host = env.STANDIN_HOST ?? '127.0.0.1';
const issuer = `http://${host}:${port}`;
const appUrl = (env.STANDIN_APP_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const clientId = env.STANDIN_CLIENT_ID ?? 'sales-portal-demo';
const clientSecret = env.STANDIN_CLIENT_SECRET;
if (!clientSecret) {
  console.error('stand-in: STANDIN_CLIENT_SECRET is required');
  process.exit(1);
}

const store = createStore({
  seedPath: new URL(env.STANDIN_SEED ?? './seed.json', import.meta.url),
  client: {
    clientId,
    clientSecret,
    redirectUris: [`${appUrl}/auth/callback`],
    postLogoutRedirectUris: [`${appUrl}/`, `${appUrl}/signed-out`],
    loginPageUrl: `${appUrl}/`,
  },
});
const ctx: Context = { store, signer: await createSigner(issuer), issuer, tokenTtlSeconds: Number(env.STANDIN_TOKEN_TTL ?? 3600) };

const routes: Route[] = [
  ...oidcRoutes(ctx),
  ...publicRoutes(ctx),
  ...userActionRoutes(ctx),
  ...verificationRoutes(ctx),
  ...loginRoutes(ctx),
  ...userRoutes(ctx),
  ...standinRoutes(ctx),
];
const compiled = routes.map(([method, pattern, handler]) => {
  const names: string[] = [];
  const source = pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { method, regex: new RegExp(`^${source}/?$`), names, handler };
});

function match(method: string, path: string): { handler: Handler; params: Params } | undefined {
  for (const route of compiled) {
    if (route.method !== method) continue;
    const m = route.regex.exec(path);
    if (m) return { handler: route.handler, params: Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) };
  }
  return undefined;
}

const server = createServer(async (rawReq, res) => {
  const req = rawReq as Req;
  const url = new URL(req.url, issuer);
  const isControl = url.pathname.startsWith('/__standin/');
  if (!isControl) {
    store.recordCall(req.method, url.pathname + url.search);
    const fault = store.faultFor(url.pathname + url.search);
    if (fault) {
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault.mode === 'close') return req.socket.destroy();
      if (fault.mode === 'error') return sendJson(res, 500, { success: false, status: 500, error: { code: 'SECRET-STACK', error: 'java.lang.NullPointerException at internal' } });
      if (fault.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"success": tru');
      }
    }
  }
  const found = match(req.method, url.pathname);
  if (!found) return sendJson(res, 404, { success: false, status: 404, error: { code: 404, error: 'not found' } });
  try {
    await found.handler(req, res, found.params, url);
  } catch (error) {
    console.error('stand-in handler failed', error);
    if (!res.headersSent) sendJson(res, 500, { success: false, status: 500, error: { code: 500, error: 'internal error' } });
  }
});

server.listen(port, host, () => {
  console.log(`stand-in provider listening on ${issuer} (login page ${appUrl}/)`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
