// Lets Node run the app's own TypeScript modules directly, so the operator scripts
// (scripts/tenant-check.ts, scripts/tenant-setup.ts) use the same provider client as the server:
// the project's extensionless imports and the `@/` alias resolve to .ts files, and the
// `server-only` marker to its no-op (these scripts are server code). Node strips the types.
import { existsSync, statSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const serverOnly = new URL('node_modules/server-only/empty.js', root);

function existing(url) {
  for (const suffix of ['', '.ts', '.tsx', '/index.ts']) {
    const candidate = new URL(url.href + suffix);
    const path = fileURLToPath(candidate);
    if (existsSync(path) && statSync(path).isFile()) return candidate;
  }
  return undefined;
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'server-only') return { url: serverOnly.href, shortCircuit: true };
    const fromProject = context.parentURL?.startsWith(root.href) && !context.parentURL.includes('/node_modules/');
    if (specifier.startsWith('@/')) {
      const url = existing(new URL(specifier.slice(2), root));
      if (url) return { url: url.href, shortCircuit: true };
    } else if (fromProject && (specifier.startsWith('./') || specifier.startsWith('../'))) {
      const url = existing(new URL(specifier, context.parentURL));
      if (url) return { url: url.href, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
