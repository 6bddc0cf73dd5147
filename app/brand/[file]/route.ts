import { readFile } from 'node:fs/promises';
import { brandFile } from '@/lib/brand/brand';

/**
 * The logos (light and dark) and the optional background picture of the page frame, read from
 * disk at request time so operators can replace them without a rebuild: BRAND_DIR (for example a
 * mounted volume), with the bundled default for a missing manufacturer's logo (docs/features.md "Brand"; the
 * names and the rules are in lib/brand/brand.ts). Anything else is 404.
 */
export async function GET(_request: Request, context: RouteContext<'/brand/[file]'>) {
  const { file } = await context.params;
  const found = await brandFile(file);
  // Only BRAND_DIR and the bundled defaults are read; nothing for the build to trace.
  const body = found ? await readFile(/* turbopackIgnore: true */ found.path).catch(() => null) : null;
  if (!found || !body) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': found.type,
      'cache-control': 'public, max-age=300',
      // An SVG opened directly must not run scripts in this origin.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
