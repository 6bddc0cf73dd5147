import 'server-only';
import { z } from 'zod';
import { ask, askForData, unexpected } from './answer';
import type { ProviderCall } from './http';

/**
 * The tenant's hosted pages that this deployment serves (docs/provider-contract.md §4), and the
 * hostedpages-srv API that points a group at them (§6), for `npm run tenant:setup`. The other
 * page ids are left to the tenant's own pages.
 */
export const SERVED_PAGES: ReadonlyArray<{ id: string; path: string }> = [
  { id: 'login', path: '/' },
  { id: 'register', path: '/register' },
  { id: 'mfa_required', path: '/register-mfa' },
  { id: 'group_selection', path: '/group-selection' },
  { id: 'password_set', path: '/reset-password' },
  { id: 'password_set_success', path: '/reset-password-success' },
  { id: 'verification_complete', path: '/verify-email-complete' },
  { id: 'login_success', path: '/login-success' },
  // The suggestion to set up a method: an authenticator app always, a passkey with PASSKEYS=on.
  { id: 'suggest_verification_methods', path: '/setup-passkey' },
  { id: 'consent_preview', path: '/consent' },
  { id: 'register_success', path: '/register-success' },
  { id: 'register_additional_info', path: '/register-additional-info' },
  { id: 'logout_success', path: '/signed-out' },
  { id: 'error', path: '/error' },
];

/** The pages this deployment serves. */
export function servedPages(): ReadonlyArray<{ id: string; path: string }> {
  return SERVED_PAGES;
}

/** The page ids left to the tenant's own pages. */
export function tenantPages(): readonly string[] {
  return TENANT_PAGES;
}

/** Page ids a tenant knows that stay with the tenant's own pages. */
export const TENANT_PAGES: readonly string[] = [
  'password_forgot_init',
  'verification_init',
  'reactivate_verification_method',
  'consent_scopes',
  'account_deduplication',
  'status',
  'device_init_code',
  'device_success_page',
];

export type HostedPage = { hosted_page_id: string; locale: string; url: string; content?: string };
export type HostedPageGroup = { _id: string; groupOwner: string; default_locale: string; hosted_pages: HostedPage[] };

const Group = z
  .object({
    _id: z.string(),
    groupOwner: z.string().optional(),
    default_locale: z.string().optional(),
    hosted_pages: z
      .array(z.object({ hosted_page_id: z.string(), locale: z.string(), url: z.string().optional(), content: z.string().optional() }).loose())
      .default([]),
  })
  .loose()
  .transform((g): HostedPageGroup => ({
    _id: g._id,
    groupOwner: g.groupOwner ?? 'client',
    default_locale: g.default_locale ?? 'en',
    hosted_pages: g.hosted_pages.map((p) => ({
      hosted_page_id: p.hosted_page_id,
      locale: p.locale,
      url: p.url ?? '',
      ...(p.content ? { content: p.content } : {}),
    })),
  }));

const AdminToken = z.object({ access_token: z.string().min(1) }).loose();

/** An admin client's token (client_credentials; it needs cidaas:hosted_pages_read and _write). */
export async function adminToken(clientId: string, clientSecret: string): Promise<string> {
  const call: ProviderCall = {
    service: 'token-srv',
    operation: 'hostedPages.adminToken',
    method: 'POST',
    path: '/token-srv/token',
    body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  };
  const answer = await ask(call);
  // The token endpoint answers without an envelope: the reply body itself.
  const token = answer.kind === 'data' ? AdminToken.safeParse(answer.body) : undefined;
  if (!token?.success) throw unexpected(call, answer);
  return token.data.access_token;
}

/** The group as the tenant holds it, or null when it does not exist yet. */
export async function readGroup(token: string, name: string): Promise<HostedPageGroup | null> {
  const call: ProviderCall = {
    service: 'hostedpages-srv',
    operation: 'hostedPages.read',
    method: 'GET',
    path: `/hostedpages-srv/hpgroup/${encodeURIComponent(name)}`,
    headers: { authorization: `Bearer ${token}` },
  };
  const answer = await ask(call);
  if (answer.kind === 'refused' && answer.status === 404) return null;
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const group = Group.safeParse(answer.data);
  if (!group.success) throw unexpected(call, answer, group.error);
  return group.data;
}

/** Creates or replaces the group (the tenant answers 201 or 200). */
export async function writeGroup(token: string, group: HostedPageGroup): Promise<void> {
  await askForData(
    {
      service: 'hostedpages-srv',
      operation: 'hostedPages.write',
      method: 'POST',
      path: '/hostedpages-srv/hpgroup',
      headers: { authorization: `Bearer ${token}` },
      body: group,
    },
    z.unknown(),
  );
}

export type PageChange = { id: string; locale: string; before: string | undefined; after: string };

/**
 * The group this deployment needs: every served page at this deployment's URL, in the group's
 * default locale and in every locale the group already lists for that page (otherwise people of
 * that locale would still get the old page). Pages of other ids are kept as they are.
 */
export function plannedGroup(existing: HostedPageGroup | null, name: string, publicUrl: URL): { group: HostedPageGroup; changes: PageChange[] } {
  const base: HostedPageGroup = existing ?? { _id: name, groupOwner: 'client', default_locale: 'en', hosted_pages: [] };
  const pages = base.hosted_pages.map((page) => ({ ...page }));
  const changes: PageChange[] = [];
  for (const served of servedPages()) {
    const url = new URL(served.path, publicUrl).toString();
    const locales = new Set([base.default_locale, ...pages.filter((p) => p.hosted_page_id === served.id).map((p) => p.locale)]);
    for (const locale of locales) {
      const page = pages.find((p) => p.hosted_page_id === served.id && p.locale === locale);
      if (page?.url === url) continue;
      changes.push({ id: served.id, locale, before: page?.url, after: url });
      if (page) page.url = url;
      else pages.push({ hosted_page_id: served.id, locale, url });
    }
  }
  return { group: { ...base, hosted_pages: pages }, changes };
}
