import 'server-only';
import { answerLimited, attempt, type Verdict } from '../limits/limits';
import { requireClientInfo } from '../provider/client-name';
import { readInvitation, type InvitationReading } from '../provider/invitations';
import type { ClientInfo } from '../provider/public';
import { readRegistrationFields } from '../provider/registration';
import type { RegistrationField } from '../validation/registration-fields';

/**
 * The register page's and form's provider reads, limited per client address like the first page
 * (docs/operations.md "Limits"): anyone can open `/register?requestId=<anything>` or an invitation
 * link with a guessed id, and each costs provider calls. Over a limit the read is not made; the
 * response is 429 with Retry-After, and the caller says why (a page of its own, or the form's wait).
 */
export type Limited = { kind: 'limited'; retryAfter: number };

function limited(verdict: Extract<Verdict, { ok: false }>, step: string): Limited {
  answerLimited(verdict, step);
  return { kind: 'limited', retryAfter: verdict.retryAfter };
}

/**
 * The client information and the tenant's field list, for every view of the register page and
 * every post of its form (`entry.address`). The client information comes first: a request id the
 * provider does not know ends there (its refusal is kept for a minute), so a made-up one costs
 * one call, not two.
 */
export async function readRegistrationSetup(args: {
  requestId: string;
  locale: string;
}): Promise<{ kind: 'ready'; client: ClientInfo; fields: RegistrationField[] } | Limited> {
  const allowed = await attempt([['entry.address', 'address']]);
  if (!allowed.ok) return limited(allowed, 'register.setup');
  const client = await requireClientInfo(args.requestId, args.locale);
  const fields = await readRegistrationFields(args);
  return { kind: 'ready', client, fields };
}

/** An invitation read (one or two provider calls), per client address (`invitation.address`): guessing ids is bounded. */
export async function readInvitationLimited(args: { inviteId: string; requestId: string; locale: string }): Promise<InvitationReading | Limited> {
  const allowed = await attempt([['invitation.address', 'address']]);
  if (!allowed.ok) return limited(allowed, 'register.invitation');
  return readInvitation(args);
}
