// tenant:check's synthetic sign-in: the test account's password, then the browser's part done
// here (the verification login form post, a group chosen where the tenant asks, login_success,
// an authenticator app's code where the tenant asks for a second factor and the operator gave the
// account's TOTP secret), following the tenant's 302s to this deployment's callback, and the code
// exchanged for tokens with this deployment's own client. What the tokens say is then read as
// the app reads it.
import { Secret, TOTP } from 'otpauth';
import { continuationAfter, continuationForm, type Finished } from '../lib/flows/continuation.ts';
import { groupSelectionEntry, loginSuccessEntry, mfaEntry, queryOf, suggestEntry } from '../lib/flows/entry-params.ts';
import { startOption, verifyCode } from '../lib/flows/mfa-steps.ts';
import { ask } from '../lib/provider/answer.ts';
import { getSelectableGroups, getSuggestionRules } from '../lib/provider/prelogin.ts';
import { exchangeCode } from '../lib/provider/tokens.ts';
import type { PendingAuthorization, SignedInUser } from '../lib/session-types.ts';

export type SignInOutcome =
  | { kind: 'signed-in'; user: SignedInUser; pages: string[]; pageParams: Record<string, string[]>; groupChosen: boolean; secondFactor?: 'TOTP' }
  | {
      kind: 'stopped';
      reason: string;
      pages: string[];
      pageParams: Record<string, string[]>;
      /** Where the tenant stopped at its suggestion: the methods it names there (upper-case) and whether one is required now. */
      suggestion?: { methods: string[]; required: boolean };
    };

/** Which hosted page a Location is: this deployment's address for it, or the tenant's own /identity/{id}. */
const PAGES: Record<string, string> = {
  'group-selection': 'group_selection',
  group_selection: 'group_selection',
  'login-success': 'login_success',
  login_success: 'login_success',
  'register-mfa': 'mfa_required',
  mfa_required: 'mfa_required',
  'setup-passkey': 'suggest_verification_methods',
  suggest_verification_methods: 'suggest_verification_methods',
  error: 'error',
  login: 'login',
};
const pageOf = (location: URL) => PAGES[location.pathname.split('/').filter(Boolean).pop() ?? 'login'] ?? location.pathname;

/** Posts a continuation form as the browser would, and answers where the tenant sends the browser next. */
async function post(finished: Finished, requestId: string, providerUrl: URL): Promise<URL | string> {
  const form = continuationForm({ providerUrl, requestId, rememberMe: false, continuation: continuationAfter(finished) });
  const answer = await ask({
    service: 'login-srv',
    operation: 'tenant-check.continue',
    method: 'POST',
    path: form.action,
    encoding: 'form',
    body: Object.fromEntries(form.fields),
    signIn: requestId,
  });
  return answer.kind === 'redirect' ? answer.location : `the tenant answered HTTP ${answer.status} instead of a redirect`;
}

export async function signInToTokens(args: {
  requestId: string;
  verified: { sub: string; statusId: string; exchangeId: string };
  pending: PendingAuthorization;
  providerUrl: URL;
  callbackUrl: string;
  /** The test account's authenticator-app secret (base32), for a second factor the tenant asks for. */
  totpSecret?: string;
}): Promise<SignInOutcome> {
  const pages: string[] = [];
  const pageParams: Record<string, string[]> = {};
  let groupChosen = false;
  let secondFactor: 'TOTP' | undefined;
  const stopped = (reason: string): Extract<SignInOutcome, { kind: 'stopped' }> => ({ kind: 'stopped', reason, pages, pageParams });
  const { sub, statusId, exchangeId } = args.verified;
  let next = await post({ step: 'password', sub, statusId, exchangeId }, args.requestId, args.providerUrl);
  for (let hop = 0; hop < 6; hop++) {
    if (typeof next === 'string') return stopped(next);
    if (next.origin + next.pathname === args.callbackUrl) {
      if (next.searchParams.has('error')) return stopped(`the tenant refused the sign-in: ${next.searchParams.get('error')}`);
      const user = await exchangeCode(next, args.pending);
      return { kind: 'signed-in', user, pages, pageParams, groupChosen, ...(secondFactor ? { secondFactor } : {}) };
    }
    const page = pageOf(next);
    pages.push(page);
    pageParams[page] = [...new Set(next.searchParams.keys())].sort();
    const query = queryOf(next.searchParams);
    if (page === 'group_selection') {
      const entry = groupSelectionEntry(query);
      if (!entry) return stopped('the group selection page named no track, subject and request (or only in its path)');
      const listed = await getSelectableGroups({ trackId: entry.trackId, locale: 'en-GB' });
      if (listed.kind !== 'groups' || listed.groups.length === 0) return stopped('the group selection offered no group');
      groupChosen = true;
      next = await post({ step: 'group', trackId: entry.trackId, sub: entry.sub, groupId: listed.groups[0].id }, args.requestId, args.providerUrl);
    } else if (page === 'login_success') {
      const entry = loginSuccessEntry(query);
      if (!entry) return stopped('the login_success page named no track, subject and request');
      next = await post({ step: 'suggestion', trackId: entry.trackId, sub: entry.sub }, args.requestId, args.providerUrl);
    } else if (page === 'mfa_required' && args.totpSecret && !secondFactor) {
      const entry = mfaEntry(query);
      if (!entry) return stopped('the mfa_required page named no track, subject and request');
      const second = await totpSecondFactor({ ...entry, requestId: args.requestId, secret: args.totpSecret });
      if ('stopped' in second) return stopped(second.stopped);
      secondFactor = 'TOTP';
      next = await post(
        { step: 'second-factor', trackId: entry.trackId, sub: entry.sub, statusId: second.statusId, verificationType: 'TOTP' },
        args.requestId,
        args.providerUrl,
      );
    } else if (page === 'suggest_verification_methods') {
      // What the suggestion names decides whether this deployment can serve it (a passkey needs PASSKEYS=on).
      const entry = suggestEntry(query);
      const rules = entry ? await getSuggestionRules({ trackId: entry.trackId, locale: 'en-GB' }).catch(() => undefined) : undefined;
      const suggestion = rules ? { methods: [...(rules.mandatory ?? []), ...(rules.optional ?? [])], required: rules.skip === 'refused' } : undefined;
      return { ...stopped(`the tenant asks the test account for more (${page}): use an account without a second factor or suggestion`), suggestion };
    } else if (page === 'mfa_required') {
      return stopped(
        !args.totpSecret
          ? 'the tenant asks the test account for a second factor: set TENANT_CHECK_TOTP_SECRET to its authenticator-app secret, or use an account without one'
          : 'the tenant asked for a second factor again after the authenticator code was accepted',
      );
    } else {
      return stopped(`the tenant sent the browser to ${page}${next.searchParams.get('error') ? ` (${next.searchParams.get('error')})` : ''}`);
    }
  }
  return stopped('more than six pages between the password and the code');
}

/**
 * The second factor as the MFA page does it with an authenticator app: the method must be one the
 * tenant lists for the account; its check is opened and answered with the current code. Answers
 * the verified status id, or why it stopped.
 */
async function totpSecondFactor(args: {
  trackId: string;
  sub: string;
  requestId: string;
  secret: string;
}): Promise<{ statusId: string } | { stopped: string }> {
  let secret: Secret;
  try {
    secret = Secret.fromBase32(args.secret.replace(/\s+/g, '').toUpperCase());
  } catch {
    return { stopped: 'TENANT_CHECK_TOTP_SECRET is not a base32 secret (the text under the QR code when the app was set up)' };
  }
  const started = await startOption({ type: 'TOTP', requestId: args.requestId, sub: args.sub, trackId: args.trackId, locale: 'en-GB', passkeys: false });
  if (started.kind === 'not-offered') return { stopped: 'the tenant asks for a second factor but lists no authenticator app (TOTP) for the test account' };
  if (started.kind === 'redirect') return { stopped: `the tenant sent the authenticator-app check to ${started.url.split('?')[0]} instead of opening it` };
  const code = new TOTP({ secret }).generate();
  const verified = await verifyCode({ type: 'TOTP', exchangeId: started.exchangeId, code, requestId: args.requestId, locale: 'en-GB' });
  if (verified.kind !== 'verified')
    return { stopped: `the tenant refused the authenticator code (${verified.key}): is TENANT_CHECK_TOTP_SECRET the test account's secret?` };
  return { statusId: verified.statusId };
}
