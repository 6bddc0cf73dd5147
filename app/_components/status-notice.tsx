'use client';

import { useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated';

/** How long the empty live region stands before its text arrives, so screen readers notice the change. */
const ANNOUNCE_AFTER_MS = 150;

/**
 * A short status ("a new code was sent") announced by screen readers. A live region is only read
 * when its text changes, so a screen reached by client-side navigation mounts it empty and fills
 * it a moment later. Served HTML (and the page as hydrated) has the text from the start.
 */
export function StatusNotice({ children, id }: { children: string; id?: string }) {
  const hydrated = useHydrated();
  const [filled, setFilled] = useState(!hydrated);
  useEffect(() => {
    const timer = setTimeout(() => setFilled(true), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p id={id} className="notice info" role="status">
      {filled ? children : ''}
    </p>
  );
}
