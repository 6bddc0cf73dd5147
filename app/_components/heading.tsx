'use client';

import { useEffect, useRef } from 'react';

/**
 * The screen's heading. On screens to read, focus starts here so a screen reader announces it
 * and Tab continues into the content: a full page load gets there through the `autofocus`
 * attribute (with or without JavaScript), a client-side navigation through the effect. On
 * screens to type into, a field of the form takes focus instead (the form is named by this
 * heading and described by the screen's description), and the effect stays away because the
 * person is already in a control; so it does when an error summary opened the screen. A new
 * screen in the same page (an action's answer that redirects to the address it was posted from,
 * with another heading) is an arrival too: its button gone, focus would otherwise stay nowhere.
 */
type Props = {
  children: React.ReactNode;
  autoFocus: boolean;
  /** Whether focus starts here after a client-side navigation (screens to read). */
  focusOnArrival?: boolean;
  describedBy?: string;
  className?: string;
  /** The heading's text: when it changes in the same page, the screen has changed. */
  text?: string;
};

export function Heading({ children, autoFocus, focusOnArrival = true, describedBy, className, text }: Props) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnArrival) return;
    const active = document.activeElement;
    const nothingFocused = !active || active === document.body;
    if (nothingFocused && !document.querySelector('.error-summary')) ref.current?.focus();
  }, [focusOnArrival, text]);
  return (
    <h1 id="page-title" ref={ref} tabIndex={-1} autoFocus={autoFocus} aria-describedby={describedBy} className={className}>
      {children}
    </h1>
  );
}
