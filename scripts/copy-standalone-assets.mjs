// `output: 'standalone'` leaves static assets and public/ out of .next/standalone (by design,
// so a CDN can serve them); the standalone server and the Docker image need them in place, and
// the entry that wraps the server.
import { cpSync, existsSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const target = new URL('.next/standalone/', root);
if (!existsSync(target)) {
  console.error('copy-standalone-assets: .next/standalone is missing (is output: "standalone" set?)');
  process.exit(1);
}
cpSync(new URL('.next/static', root), new URL('.next/static', target), { recursive: true });
// The production entry (request log, request ids, graceful shutdown) runs beside server.js.
cpSync(new URL('server/entry.mjs', root), new URL('entry.mjs', target));
cpSync(new URL('server/request-context.mjs', root), new URL('request-context.mjs', target));
if (existsSync(new URL('public', root))) {
  cpSync(new URL('public', root), new URL('public', target), { recursive: true });
}
