'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true once the page runs scripts. Enhancements that
 * need JavaScript switch on with it, so the server-rendered HTML is always the no-script form.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
