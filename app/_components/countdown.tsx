'use client';

import { useEffect, useState } from 'react';

/**
 * Seconds left of `seconds` as given by the server's answer, ticking down once a second in the
 * browser; a new answer starts it again. Without JavaScript the server's figure stays as it is.
 */
export function useSecondsLeft(seconds: number | undefined): number {
  const [left, setLeft] = useState(seconds ?? 0);
  const [seen, setSeen] = useState(seconds);
  if (seen !== seconds) {
    setSeen(seconds);
    setLeft(seconds ?? 0);
  }
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
}

/** "4:05": minutes and seconds, the same in every language this product ships. */
export function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
