'use client';

import { useEffect, useState } from 'react';
import { closeUpFigures } from '@/lib/i18n/spacing';

/**
 * Seconds left of `seconds` as given by the server's answer, counting down in the browser; a new
 * answer starts it again. Counted against the clock, not by ticks, so a tab the browser held back
 * in the background shows the true figure when it is looked at again. Without JavaScript the
 * server's figure stays as it is.
 */
export function useSecondsLeft(seconds: number | undefined): number {
  const [left, setLeft] = useState(seconds ?? 0);
  const [seen, setSeen] = useState(seconds);
  if (seen !== seconds) {
    setSeen(seconds);
    setLeft(seconds ?? 0);
  }
  useEffect(() => {
    if (!seconds || seconds <= 0) return;
    const end = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const now = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, seen]);
  return left;
}

/**
 * A wait in words, in the page's language: "5 minutes" (whole minutes, rounded up) while a
 * minute or more is left, then "45 seconds" (Intl's unit names, so plurals and word order are
 * each language's own). Number and unit never part at a line end: a no-break space joins them, or
 * none in Japanese ("5分", where Intl writes "5 分"; lib/i18n/spacing.ts).
 */
export function waitText(seconds: number, locale: string): string {
  const [value, unit] = seconds >= 60 ? [Math.ceil(seconds / 60), 'minute'] : [Math.max(1, seconds), 'second'];
  return closeUpFigures(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value)).replace(/ /g, '\u00a0');
}
