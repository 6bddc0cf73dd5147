'use client';

import { createContext, useContext } from 'react';

/** Translated texts for the client-side error boundary, provided by the server-rendered layout. */
export type ErrorTexts = { title: string; description: string; back: string; reference: string; pageExpired: string };

const Context = createContext<ErrorTexts | null>(null);

export function ErrorTextsProvider({ value, children }: { value: ErrorTexts; children: React.ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useErrorTexts(): ErrorTexts | null {
  return useContext(Context);
}
