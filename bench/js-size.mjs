// First-load JavaScript per route, gzip -9, from Next's own route bundle stats (the build
// prints no sizes since Next 16). Also says which libraries' code is in it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Code a signature string of which proves the library reached the browser. */
export const SIGNATURES = {
  zod: ['ZodError', '$ZodType', 'too_small'],
  'react-hook-form': ['shouldUnregister', 'criteriaMode'],
  '@hookform/resolvers': ['zodResolver', 'toNestErrors'],
  'next-intl runtime': ['IntlMessageFormat', 'NextIntlClientProvider', 'INSUFFICIENT_PATH'],
};

export function firstLoadJs(appDir) {
  const stats = JSON.parse(readFileSync(path.join(appDir, '.next/diagnostics/route-bundle-stats.json'), 'utf8'));
  return stats.map(({ route, firstLoadChunkPaths }) => {
    const sources = firstLoadChunkPaths.map((p) => readFileSync(path.join(appDir, p)));
    const gzip = sources.reduce((sum, source) => sum + gzipSync(source, { level: 9 }).length, 0);
    const raw = sources.reduce((sum, source) => sum + source.length, 0);
    const text = sources.map((s) => s.toString('utf8')).join('\n');
    const libraries = Object.entries(SIGNATURES)
      .filter(([, marks]) => marks.some((m) => text.includes(m)))
      .map(([name]) => name);
    return { route, gzipKb: gzip / 1024, rawKb: raw / 1024, libraries };
  });
}
