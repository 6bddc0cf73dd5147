'use client';

import { useEffect, useRef } from 'react';
import type { FormState } from '@/lib/validation/form-state';

/** After a failed submit, moves focus to the first field marked invalid so it is announced. */
export function useFocusFirstError(state: FormState) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state.status !== 'invalid') return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state]);
  return formRef;
}
