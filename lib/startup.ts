import { ConfigError, getConfig } from './config';

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
