/**
 * Runs once when the server starts: a bad configuration stops the process before it serves
 * anything, and the shared limits store is connected before the first request (lib/startup.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const startup = await import('./lib/startup');
    startup.checkConfigOrExit();
    await startup.openLimitsStore();
  }
}
