'use client';

import { useHydrated } from './use-hydrated';

/**
 * One text for browsers that run this page's scripts and another for those that do not: the
 * server renders the latter, and a running page swaps in the former ("one moment" is true only
 * where the page continues by itself; otherwise the person has to select Continue).
 */
export function ScriptAware({ withScript, withoutScript }: { withScript: React.ReactNode; withoutScript: React.ReactNode }) {
  return <>{useHydrated() ? withScript : withoutScript}</>;
}
