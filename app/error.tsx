'use client';

import { unstable_isUnrecognizedActionError } from 'next/navigation';
import { useEffect } from 'react';
import { Reference } from '@/app/_components/form-error';
import { Heading } from '@/app/_components/heading';
import { useErrorTexts } from '@/app/_components/page-texts';

/** How long "this page has expired" stays readable before the reload. */
const RELOAD_AFTER_MS = 1_500;

/**
 * Anything a page throws that it did not turn into /error itself. Production Next hides the
 * message and gives a digest, which is also in the server log: that is the reference shown.
 *
 * One case is not a failure: a page loaded from the previous build posting to a server action
 * the new build does not have (a rolling update mid-flow). That page has expired; it says so and
 * reloads itself from the new build.
 */
export default function ErrorBoundary({ error }: { error: Error & { digest?: string } }) {
  const texts = useErrorTexts();
  const expired = isStaleAction(error);
  useEffect(() => {
    if (!expired) return;
    const timer = setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [expired]);
  if (!texts) return null;
  if (expired) {
    return (
      <main id="content" className="card boundary">
        <p role="status">{texts.pageExpired}</p>
      </main>
    );
  }
  return (
    <main id="content" className="card boundary">
      <title>{texts.title}</title>
      <Heading autoFocus>{texts.title}</Heading>
      <p>{texts.description}</p>
      {error.digest ? <Reference value={error.digest} /> : null}
      {/* A full page load on purpose: after a failure nothing of the old client state should survive. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a className="button" href="/">
        {texts.back}
      </a>
    </main>
  );
}

function isStaleAction(error: Error): boolean {
  // The name survives where the class does not (a second copy of Next's client code).
  const name = error.name;
  return unstable_isUnrecognizedActionError(error) || name === 'UnrecognizedActionError';
}
