import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '@/lib/config';

/**
 * The two logos of the page frame, read from disk at request time so operators can replace them
 * without a rebuild: put `manufacturer.{svg,png,webp}` and/or `product.{…}` into BRAND_DIR (for
 * example a mounted volume). Missing files fall back to the bundled defaults.
 */
const NAMES = new Set(['manufacturer', 'product']);
const TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', webp: 'image/webp' };
const DEFAULT_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), 'public', 'brand-default');

export async function GET(_request: Request, context: RouteContext<'/brand/[file]'>) {
  const { file } = await context.params;
  if (!NAMES.has(file)) return new Response('Not found', { status: 404 });
  const dirs = [getConfig().brandDir, DEFAULT_DIR].filter((dir): dir is string => Boolean(dir));
  for (const dir of dirs) {
    for (const [extension, type] of Object.entries(TYPES)) {
      // Only BRAND_DIR and the bundled defaults are read; nothing for the build to trace.
      const body = await readFile(path.join(/* turbopackIgnore: true */ dir, `${file}.${extension}`)).catch(() => null);
      if (!body) continue;
      return new Response(new Uint8Array(body), {
        headers: {
          'content-type': type,
          'cache-control': 'public, max-age=300',
          // An SVG opened directly must not run scripts in this origin.
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        },
      });
    }
  }
  return new Response('Not found', { status: 404 });
}
