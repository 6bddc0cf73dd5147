'use client';

import { useEffect, useRef } from 'react';

/**
 * The screen's heading, where focus starts on every new screen so a screen reader announces
 * it and Tab continues into the form. A full page load gets there through the `autofocus`
 * attribute (with or without JavaScript); a client-side navigation through the effect. It stays
 * away when the person is already in a control, or when the screen opens with an error summary
 * (which takes focus instead). The screen's description is read with it ("we sent a code to …").
 */
export function Heading({ children, autoFocus, describedBy }: { children: React.ReactNode; autoFocus: boolean; describedBy?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    const nothingFocused = !active || active === document.body;
    if (nothingFocused && !document.querySelector('.error-summary')) ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} autoFocus={autoFocus} aria-describedby={describedBy}>
      {children}
    </h1>
  );
}
