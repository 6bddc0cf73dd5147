'use client';

import { useEffect } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * Submits the form of the select `selectId` as soon as its value changes (the language selector:
 * choosing a language applies it), and tells the select's users so beforehand (`hint`, its
 * description), as a change of page on input must be announced (WCAG 3.2.2). The form itself is
 * server-rendered and posts natively; without JavaScript its own button (shown only then) sends
 * it, and neither the hint nor the description is there.
 */
export function SubmitOnChange({ selectId, hint }: { selectId: string; hint: string }) {
  const hydrated = useHydrated();
  const hintId = `${selectId}-hint`;
  useEffect(() => {
    const select = document.getElementById(selectId);
    if (!(select instanceof HTMLSelectElement)) return;
    const submit = () => select.form?.requestSubmit();
    select.addEventListener('change', submit);
    select.setAttribute('aria-describedby', hintId);
    // A choice made before the scripts ran had no one to apply it (and the button is hidden
    // where scripts run): apply it now. The select is autocomplete="off", so a browser's form
    // restoration on reload or Back never looks like such a choice.
    if ([...select.options].some((option) => option.selected !== option.defaultSelected)) submit();
    return () => {
      select.removeEventListener('change', submit);
      select.removeAttribute('aria-describedby');
    };
  }, [selectId, hintId]);
  return hydrated ? (
    <span id={hintId} className="visually-hidden">
      {hint}
    </span>
  ) : null;
}
