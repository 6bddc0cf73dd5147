import fc from 'fast-check';
import { describe, test } from 'vitest';
import { GROUP_ID, groupIdError } from '@/lib/flows/groups';
import { allowedRedirectOrigins, checkRedirect, localPath } from '@/lib/redirects';

/**
 * Property-based fuzzing of the redirect allow-list (open
 * redirect): whatever string comes in, what comes out is either refused or a URL whose origin
 * is exactly one on the list, and every legitimate target passes.
 */
const ALLOWED = allowedRedirectOrigins({
  providerOrigin: 'https://tenant.cidaas.de',
  publicOrigin: 'https://login.example.com',
  redirectAllowlist: ['https://portal.example.com'],
});
const RUNS = 10_000;

// Pieces attackers combine: allowed and foreign hosts, userinfo, encodings, slashes, controls.
const piece = fc.constantFrom(
  'https://',
  'http://',
  '//',
  '/\\',
  '\\\\',
  'https:',
  'javascript:',
  'data:',
  '@',
  '#',
  '?',
  '%2f',
  '%5c',
  '%25',
  '%40',
  '\t',
  '\r\n',
  '\u0000',
  ' ',
  '.',
  ':443',
  ':8443',
  'tenant.cidaas.de',
  'login.example.com',
  'portal.example.com',
  'evil.example',
  'portal.example.com.evil.example',
  'xn--portl-4qa.example.com',
  'user:pass',
  '/path',
  '..',
);
const attack = fc.oneof(
  fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 80 }),
  fc.webUrl(),
);

describe('checkRedirect under fuzzing', () => {
  test('anything accepted is https (or listed loopback), without userinfo, on an allowed origin', () => {
    fc.assert(
      fc.property(attack, (input) => {
        const out = checkRedirect(input, ALLOWED);
        if (out === null) return true;
        const url = new URL(out);
        return ALLOWED.includes(url.origin) && url.username === '' && url.password === '' && url.protocol === 'https:';
      }),
      { numRuns: RUNS },
    );
  });

  test('every path, query and fragment on an allowed origin is accepted unchanged in meaning', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{0,12}$/);
    fc.assert(
      fc.property(fc.constantFrom(...ALLOWED), fc.array(segment, { maxLength: 4 }), segment, (origin, parts, query) => {
        const target = `${origin}/${parts.join('/')}${query ? `?q=${query}` : ''}`;
        const out = checkRedirect(target, ALLOWED);
        return out !== null && new URL(out).origin === origin && new URL(out).pathname === new URL(target).pathname;
      }),
      { numRuns: 2_000 },
    );
  });

  test('localPath never leaves this origin', () => {
    const dotted = fc
      .array(fc.constantFrom('/', '.', '..', '%2e', '%2f', 'evil.example', 'a', '//', '\\'), { minLength: 1, maxLength: 8 })
      .map((p) => `/${p.join('')}`);
    fc.assert(
      fc.property(fc.oneof(attack, dotted), (input) => {
        const out = localPath(input);
        return out.startsWith('/') && !out.startsWith('//') && new URL(out, 'https://login.example.com').origin === 'https://login.example.com';
      }),
      { numRuns: RUNS },
    );
  });
});

describe('group ids under fuzzing', () => {
  test('only the safe alphabet passes, and what passes needs no escaping in a URL', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (input) => {
        const ok = groupIdError(input) === undefined;
        return ok === (GROUP_ID.test(input) && input.length <= 64) && (!ok || encodeURIComponent(input) === input);
      }),
      { numRuns: RUNS },
    );
  });
});
