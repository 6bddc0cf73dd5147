import 'server-only';
import { accountRef, log } from '../log';
import { isProviderError } from '../provider/errors';
import type { RegisterOutcome } from '../provider/registration';
import { checkPassword, type PasswordOutcome } from './sign-in';
import { singleFlight } from './single-flight';

type Registered = Extract<RegisterOutcome, { kind: 'registered' }>;

/**
 * Where a new account goes (docs/provider-contract.md §2.15, "after success"):
 *
 * - `confirm`: the answer says the address must be confirmed before any sign-in (an unconfirmed
 *   address beside a status other than VERIFIED, or no track and no LOGIN or MFA suggestion):
 *   "confirm your address" at once, without a sign-in the tenant would refuse;
 * - `track`: the tenant's after-register login with the answer's track (LOGIN or no suggestion);
 * - `password`: a sign-in with the password just chosen (LOGIN or MFA without a track);
 * - `complete`: a suggestion this product does not serve (DEDUPLICATION…), or a confirmation
 *   without the account's subject to send it for: "Registration complete".
 *
 * The published sample of every answer pairs `email_verified: false` with LOGIN, so that pair
 * cannot tell a tenant that refuses the sign-in from one that lets it through: the sign-in is
 * tried, and the tenant's refusal (its login page with `error=email_not_verified` and the
 * subject) leads to the confirmation, as the flow already knows the account.
 */
export type NextAfterRegistration = { kind: 'confirm' } | { kind: 'track'; trackId: string } | { kind: 'password' } | { kind: 'complete' };

export function nextAfterRegistration(outcome: Registered): NextAfterRegistration {
  const signsIn = outcome.suggestedAction === 'LOGIN' || outcome.suggestedAction === 'MFA';
  const statusUnverified = outcome.userStatus !== undefined && outcome.userStatus !== 'VERIFIED';
  if (outcome.emailVerified === false && (statusUnverified || (!outcome.trackId && !signsIn))) return outcome.sub ? { kind: 'confirm' } : { kind: 'complete' };
  if (outcome.suggestedAction !== undefined && !signsIn) return { kind: 'complete' };
  if (outcome.trackId && outcome.suggestedAction !== 'MFA') return { kind: 'track', trackId: outcome.trackId };
  return { kind: 'password' };
}

/**
 * A new account signed in with the password just chosen (docs/features.md "Registration"), in the
 * register action itself: the password goes to the provider once more and is never kept. Anything
 * but a verified password (a refusal, a lock, the provider not answering) is undefined: the person
 * then types it on the password step, which says the account exists.
 */
export async function signInNewAccount(args: {
  requestId: string;
  email: string;
  password: string;
  locale: string;
}): Promise<Extract<PasswordOutcome, { kind: 'verified' }> | undefined> {
  try {
    // A repeated identical post shares the first one's provider call, as on the password step.
    const outcome = await singleFlight(['password', args.requestId, args.email, args.password], () => checkPassword(args));
    log.info({ event: 'register.signed-in', outcome: outcome.kind, account: accountRef(args.email) }, 'a new account signed in with its password');
    return outcome.kind === 'verified' ? outcome : undefined;
  } catch (error) {
    const failure = isProviderError(error) ? { kind: error.kind, code: error.code, status: error.status } : { kind: 'error' };
    log.warn({ event: 'register.signed-in', outcome: 'failed', ...failure }, 'a new account could not be signed in with its password');
    return undefined;
  }
}
