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
    <>
      <h1>{texts.title}</h1>
      <p>{texts.description}</p>
      {error.digest ? <p className="reference">{texts.reference.replace('{ref}', error.digest)}</p> : null}
      <a className="button" href="/">
        {texts.back}
      </a>
    </>
  );
}
