'use client';

import { createContext, useContext } from 'react';

/**
 * Translated texts that any screen's client islands and the client-side error boundary may need,
 * provided once by the server-rendered root layout. One flat object (one provider, the reference
 * template once) keeps them small in every page's inline payload.
 */
export type PageTexts = ErrorTexts & FormTexts;
/** The error boundary's texts (app/error.tsx). */
export type ErrorTexts = { title: string; description: string; back: string; reference: string; pageExpired: string };
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
