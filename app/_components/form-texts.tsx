'use client';

import { createContext, useContext } from 'react';

/** Translated texts every form island may need, provided by the server-rendered root layout. */
export type FormTexts = { slow: string; reference: string; copy: string; copied: string };

const Context = createContext<FormTexts>({ slow: '', reference: '{ref}', copy: '', copied: '' });

export function FormTextsProvider({ value, children }: { value: FormTexts; children: React.ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useFormTexts(): FormTexts {
  return useContext(Context);
}
