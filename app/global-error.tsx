'use client';

/**
 * Last resort when the root layout itself failed, so no translations are available: plain
 * English with the digest that is also in the server log.
 */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en-GB">
      <body>
        <main>
          <h1>Something went wrong</h1>
          <p>Please reload the page.</p>
          {error.digest ? <p>Reference: {error.digest}</p> : null}
        </main>
      </body>
    </html>
  );
}
