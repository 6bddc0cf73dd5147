import { ConfigError, getConfig } from './config';
import { openStore } from './limits/store';

/**
 * A missing or bad configuration stops the process here with one message naming every problem,
 * instead of failing later on the first request that needs it.
 */
export function checkConfigOrExit(): void {
  try {
    getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** The shared limits store, connected before the first request (lib/limits/store.ts). */
export async function openLimitsStore(): Promise<void> {
  await openStore();
}
