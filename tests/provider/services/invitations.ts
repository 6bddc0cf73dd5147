import { randomUUID } from 'node:crypto';
import { fail, ok, redirectTo, sendJson, str } from '../http.ts';
import type { Invitation, Store } from '../store.ts';
import type { Context, Route } from './context.ts';

/**
 * Invitations (docs/provider-contract.md §2.16). The current generation serves the 4.x read
 * `GET /useractions-srv/invitations/{inviteId}` and the legacy `GET /users-srv/invite/info/{id}`;
 * the legacy generation only the latter. Neither answer is published, so the two paths answer in
 * two different plausible shapes (the app must read both): the 4.x one with `email`, `invitedBy`,
 * an ISO `expiresAt` and a `status`; the legacy one with `invitedEmail`, `user`, `company`, an
 * expiry in epoch seconds and a `used` flag. An unknown invitation is 404 on both. A test's invitation
 * may name its address under another key (`addressKey`), as a tenant's answer the app cannot read.
 *
 * The link in the e-mail goes through cidaas (a shortener) to the client's initiate_login_uri
 * with `invite_id`, where the client starts a fresh authorization (`view_type=register`, and the
 * tenant passes `invite_id` on to the register page): `/__standin/invitations/:id/open` stands in
 * for the shortener. Registering with `?invite_id=` marks the invitation used and refuses another
 * address than the invited one.
 */
export function invitationRoutes({ store, generation, issuer }: Context): Route[] {
  for (const invitation of store.invitations.values()) if (invitation.state === 'open') sendInvitation(store, issuer, invitation);
  const current: Route = [
    'GET',
    '/useractions-srv/invitations/:inviteId',
    (_req, res, p) => {
      const invitation = store.invitations.get(p.inviteId);
      if (!invitation) return fail(res, 404, 404, 'invitation not found', 'UserActionsException');
      ok(res, {
        inviteId: invitation.id,
        [invitation.addressKey ?? 'email']: invitation.email,
        given_name: invitation.givenName,
        family_name: invitation.familyName,
        customFields: invitation.customFields,
        invitedBy: { name: invitation.inviter, organisation: invitation.organisation },
        expiresAt: new Date(invitation.expiresAt).toISOString(),
        status: invitation.state === 'used' ? 'ACCEPTED' : invitation.expiresAt <= Date.now() ? 'EXPIRED' : 'PENDING',
      });
    },
  ];
  const legacy: Route = [
    'GET',
    '/users-srv/invite/info/:inviteId',
    (_req, res, p) => {
      const invitation = store.invitations.get(p.inviteId);
      if (!invitation) return fail(res, 404, 404, 'invite not found', 'UsersException');
      ok(res, {
        invite_id: invitation.id,
        [invitation.addressKey ?? 'invitedEmail']: invitation.email,
        user: { given_name: invitation.givenName, family_name: invitation.familyName, customFields: invitation.customFields },
        company: invitation.organisation,
        inviterName: invitation.inviter,
        expiry: Math.floor(invitation.expiresAt / 1000),
        used: invitation.state === 'used',
      });
    },
  ];
  return [
    ...(generation === 'current' ? [current] : []),
    legacy,
    [
      'GET',
      '/__standin/invitations/:inviteId/open',
      (_req, res, p) => {
        const target = new URL(store.client.initiateLoginUri);
        target.searchParams.set('invite_id', p.inviteId);
        redirectTo(res, target.toString());
      },
    ],
    // A test's own invitation (the inviter's side is the tenant's admin UI): its link goes to the outbox.
    [
      'POST',
      '/__standin/invitations',
      (_req, res, _p, _u, body) => {
        const email = str(body.email);
        if (!email) return sendJson(res, 400, { error: 'email is required' });
        const invitation: Invitation = {
          id: randomUUID(),
          email: email.trim().toLowerCase(),
          givenName: str(body.given_name),
          familyName: str(body.family_name),
          organisation: str(body.organisation),
          inviter: str(body.inviter),
          customFields: typeof body.customFields === 'object' && body.customFields ? (body.customFields as Record<string, string>) : {},
          state: body.state === 'used' ? 'used' : 'open',
          expiresAt: Date.now() + (body.state === 'expired' ? -60_000 : 7 * 24 * 3600_000),
          addressKey: str(body.addressKey),
        };
        store.invitations.set(invitation.id, invitation);
        sendJson(res, 200, { inviteId: invitation.id, link: sendInvitation(store, issuer, invitation) });
      },
    ],
  ];
}

function sendInvitation(store: Store, issuer: string, invitation: Invitation): string {
  const link = `${issuer}/__standin/invitations/${invitation.id}/open`;
  store.outbox.push({
    id: randomUUID(),
    at: new Date().toISOString(),
    channel: 'email',
    to: invitation.email,
    subject: `${invitation.organisation ?? 'Your supplier'} invited you`,
    body: `Open this link to create your account: ${link}`,
    link,
  });
  return link;
}

/**
 * The register call's `?invite_id=`: an invitation that is open and names this address is used
 * up; otherwise the refusal to send (the body a tenant sends is not published: U).
 */
export function takeInvitation(store: Store, inviteId: string, email: unknown): { status: number; code: number; error: string } | undefined {
  const invitation = store.invitations.get(inviteId);
  if (!invitation || invitation.state !== 'open' || invitation.expiresAt <= Date.now()) return { status: 400, code: 10011, error: 'invalid invite_id' };
  if (typeof email !== 'string' || email.trim().toLowerCase() !== invitation.email)
    return { status: 400, code: 10012, error: 'email does not match the invitation' };
  invitation.state = 'used';
  return undefined;
}
