'use client';

import { useEffect, useRef } from 'react';

/**
 * Submits the surrounding continuation form once, as soon as the page is interactive.
 * Without JavaScript the visible Continue button does the same.
 */
export function AutoSubmit({ formId }: { formId: string }) {
  const submitted = useRef(false);
  useEffect(() => {
    if (submitted.current) return;
    submitted.current = true;
    const form = document.getElementById(formId);
    if (form instanceof HTMLFormElement) form.requestSubmit();
  }, [formId]);
  return null;
}
