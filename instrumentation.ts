/**
 * Runs once when the server starts: a bad configuration stops the process before it serves
 * anything (see lib/startup.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    await import('./lib/startup').then((startup) => startup.checkConfigOrExit());
  }
}
