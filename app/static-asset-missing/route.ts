/**
 * A missing file under /_next/static/ (next.config.ts rewrites those here, after the files that
 * exist): plain text, as Next answers it itself, rather than the full-frame 404 page of
 * app/[...unknown], which would catch the path otherwise. The proxy skips Next's static files,
 * so an HTML page there would go out without this request's CSP.
 */
export function GET() {
  return new Response('Not Found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' },
  });
}

export const HEAD = GET;
