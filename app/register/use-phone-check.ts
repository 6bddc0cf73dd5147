'use client';

import { useActionState, useState, useTransition } from 'react';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { COUNTRY_SUFFIX } from '@/lib/validation/registration-fields';
import { checkMobileNumber } from './phone-check';

type Typed = { number: string; country: string };

/** What is in a mobile number's field and its country's select now. */
function typedIn(form: HTMLFormElement | null | undefined, key: string): Typed {
  const number = form?.elements.namedItem(key);
  const country = form?.elements.namedItem(`${key}${COUNTRY_SUFFIX}`);
  return {
    number: number instanceof HTMLInputElement ? number.value.trim() : '',
    country: country instanceof HTMLSelectElement ? country.value : '',
  };
}

/**
 * The numbering plans' verdict on a mobile number as soon as its field is left or its country
 * changes (D53: a landline was said only once everything else on the form was right). The plans
 * stay on the server (./phone-check.ts); a verdict counts only for the number and country it was
 * given, so typing on makes it go away, and the field's rule (`verdict`) holds the submit back on it.
 */
export function usePhoneCheck() {
  const [answer, check] = useActionState<FormState<string>, FormData>(checkMobileNumber, { status: 'idle' });
  const [, startTransition] = useTransition();
  const [typed, setTyped] = useState<Record<string, Typed>>({});

  const verdict = (key: string, number: string, country: string): ErrorKey | undefined => {
    if (answer.status !== 'invalid') return undefined;
    const about = answer.values ?? {};
    return about[key] === number.trim() && about[`${key}${COUNTRY_SUFFIX}`] === country ? answer.fieldErrors[key] : undefined;
  };
  const noteTyped = (key: string, form: HTMLFormElement | null | undefined) => {
    const now = typedIn(form, key);
    setTyped((all) => (all[key]?.number === now.number && all[key]?.country === now.country ? all : { ...all, [key]: now }));
    return now;
  };

  return {
    /** The rule's part: the verdict on this value and country, where the last answer is about them. */
    verdict,
    /** The verdict on what the field holds now. */
    shown: (key: string) => (typed[key] ? verdict(key, typed[key].number, typed[key].country) : undefined),
    /** The field or its country changed: an answer about the old number no longer shows. */
    noteTyped,
    /** Asks about what the field holds now. */
    ask: (key: string, form: HTMLFormElement | null | undefined) => {
      const { number, country } = noteTyped(key, form);
      if (!number) return;
      const data = new FormData();
      data.set('field', key);
      data.set('number', number);
      data.set('country', country);
      startTransition(() => check(data));
    },
  };
}
