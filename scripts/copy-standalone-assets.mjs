// `output: 'standalone'` leaves static assets and public/ out of .next/standalone (by design,
// so a CDN can serve them); the standalone server and the Docker image need them in place, and
// the entry that wraps the server.
import { cpSync, existsSync, readdirSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const target = new URL('.next/standalone/', root);
if (!existsSync(target)) {
  console.error('copy-standalone-assets: .next/standalone is missing (is output: "standalone" set?)');
  process.exit(1);
}
cpSync(new URL('.next/static', root), new URL('.next/static', target), { recursive: true });
// The production entry (request log, request ids, graceful shutdown) runs beside server.js.
cpSync(new URL('server/entry.mjs', root), new URL('entry.mjs', target));
// …and the modules it imports.
for (const file of readdirSync(new URL('server', root))) {
  if (file.endsWith('.mjs') && file !== 'entry.mjs') cpSync(new URL(`server/${file}`, root), new URL(file, target));
}
if (existsSync(new URL('public', root))) {
  cpSync(new URL('public', root), new URL('public', target), { recursive: true });
}
