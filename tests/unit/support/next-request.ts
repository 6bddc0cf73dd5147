import { vi } from 'vitest';

/**
 * What an action or a page sees of its request in the unit tests: a cookie jar standing in for
 * next/headers' cookies() (iron-session reads and writes it as it would the real one), the
 * request's headers, and Next's redirect, which throws as it does in the app. Use with
 *
 *   vi.mock('next/headers', () => nextHeaders);
 *   vi.mock('next-intl/server', () => nextIntlServer);
 *   vi.mock('react', async (original) => ({ ...(await original<typeof import('react')>()), cache: <T>(fn: T) => fn }));
 */
export const jar = new Map<string, { value: string; options?: Record<string, unknown> }>();
export const requestHeaders = new Headers();

export const nextHeaders = {
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)!.value } : undefined),
    getAll: () => [...jar].map(([name, { value }]) => ({ name, value })),
    has: (name: string) => jar.has(name),
    set: (name: string, value: string, options?: Record<string, unknown>) => {
      if (options?.maxAge === 0) jar.delete(name);
      else jar.set(name, { value, options });
    },
    delete: (arg: string | { name: string }) => jar.delete(typeof arg === 'string' ? arg : arg.name),
  }),
  headers: async () => requestHeaders,
};

export const nextIntlServer = {
  getLocale: async () => 'en-GB',
  getTranslations: async () => Object.assign((key: string) => key, { raw: (key: string) => key }),
};

/** Starts each test with an empty jar and no extra headers. */
export function resetRequest() {
  jar.clear();
  for (const name of [...requestHeaders.keys()]) requestHeaders.delete(name);
}

/** Where a call that ends in Next's redirect() sends the browser; fails if it returns instead. */
export async function redirectedTo(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    const digest = (error as { digest?: string }).digest;
    if (typeof digest === 'string' && digest.startsWith('NEXT_REDIRECT;')) return digest.split(';')[2];
    throw error;
  }
  throw new Error('expected a redirect, but the call returned');
}

/** A FormData as the browser would post it. */
export function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

export { vi };
