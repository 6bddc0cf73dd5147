'use client';

import { createContext, useContext } from 'react';
import { Heading } from './heading';

/**
 * Translated texts that any screen's client islands and the client-side error boundary may need,
 * provided once by the server-rendered root layout. One flat object (one provider, the reference
 * template once) keeps them small in every page's inline payload.
 */
export type PageTexts = ErrorTexts & FormTexts;
/** The error boundary's texts (app/error.tsx), and the heading of the not-found screen (app/not-found.tsx). */
export type ErrorTexts = { title: string; description: string; back: string; reference: string; pageExpired: string; notFound: string };
/** What every form island may need: the slow-answer line and the reference with its copy button. */
export type FormTexts = { slow: string; reference: string; copy: string; copied: string };

const Context = createContext<PageTexts | null>(null);
const NO_FORM_TEXTS: FormTexts = { slow: '', reference: '{ref}', copy: '', copied: '' };

export function PageTextsProvider({ value, children }: { value: PageTexts; children: React.ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useErrorTexts(): ErrorTexts | null {
  return useContext(Context);
}

export function useFormTexts(): FormTexts {
  return useContext(Context) ?? NO_FORM_TEXTS;
}

/**
 * What `notFound()` shows (app/not-found.tsx). Next puts the root not-found screen into every
 * page's inline payload, so it is this one client component with no props, in the root layout's
 * own script chunk: the payload holds only a reference, and its texts are the ones every page
 * already has.
 */
export function NotFoundScreen() {
  const texts = useErrorTexts();
  if (!texts) return null;
  return (
    <div className="page">
      <main id="content" className="card card-body">
        <title>{texts.notFound}</title>
        <Heading autoFocus>{texts.notFound}</Heading>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a className="button" href="/">
          {texts.back}
        </a>
      </main>
    </div>
  );
}
