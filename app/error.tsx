'use client';

import { useErrorTexts } from './_components/error-texts';

/**
 * Anything a page throws that it did not turn into /error itself. Production Next hides the
 * message and gives a digest, which is also in the server log: that is the reference shown.
 */
export default function ErrorBoundary({ error }: { error: Error & { digest?: string } }) {
  const texts = useErrorTexts();
  if (!texts) return null;
  return (
    <main id="content" className="card boundary">
      <h1>{texts.title}</h1>
      <p>{texts.description}</p>
      {error.digest ? <p className="reference">{texts.reference.replace('{ref}', error.digest)}</p> : null}
      {/* A full page load on purpose: after a failure nothing of the old client state should survive. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a className="button" href="/">
        {texts.back}
      </a>
    </main>
  );
}
