import { escapeHtml, fail, ok, sendHtml, sendJson, str, type Req } from '../http.ts';
import type { HostedPageGroup } from '../store.ts';
import type { Context, Route } from './context.ts';

/** The hosted-page ids a group may hold (the Terraform provider's list; docs/provider-contract.md §4). */
const HOSTED_PAGE_IDS = new Set([
  'login',
  'register',
  'register_success',
  'register_additional_info',
  'password_forgot_init',
  'password_set',
  'password_set_success',
  'verification_init',
  'verification_complete',
  'reactivate_verification_method',
  'mfa_required',
  'suggest_verification_methods',
  'consent_preview',
  'consent_scopes',
  'group_selection',
  'login_success',
  'logout_success',
  'error',
  'status',
  'account_deduplication',
  'device_init_code',
  'device_success_page',
]);

/**
 * hostedpages-srv (docs/provider-contract.md §6): read and write a hosted-page group with an admin
 * client's bearer token (client_credentials, scopes cidaas:hosted_pages_read / _write). The
 * stand-in sends the browser to the URLs of the client's group; a page the group does not name is
 * the tenant's own default, served here as a placeholder under /identity/{page}.
 */
export function hostedPageRoutes({ store, signer }: Context): Route[] {
  const scopesOf = async (req: Req): Promise<string[] | undefined> => {
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const claims = token ? await signer.verify(token) : null;
    return claims && claims.sub === store.adminClient?.clientId ? String(claims.scope ?? '').split(' ') : undefined;
  };
  const denied = (res: Parameters<Route[2]>[1], scopes: string[] | undefined) =>
    scopes
      ? fail(res, 403, 403, 'insufficient scope', 'HostedPageException')
      : sendJson(res, 401, { error: 'unauthorized', error_description: 'a valid bearer token is required' });

  return [
    [
      'GET',
      '/hostedpages-srv/hpgroup/:group',
      async (req, res, p) => {
        const scopes = await scopesOf(req);
        if (!scopes?.includes('cidaas:hosted_pages_read')) return denied(res, scopes);
        const group = store.hostedPageGroups.get(p.group);
        if (!group) return fail(res, 404, 404, 'hosted page group not found', 'HostedPageException');
        ok(res, group);
      },
    ],

    [
      'POST',
      '/hostedpages-srv/hpgroup',
      async (req, res, _p, _u, body) => {
        const scopes = await scopesOf(req);
        if (!scopes?.includes('cidaas:hosted_pages_write')) return denied(res, scopes);
        const id = str(body._id);
        const pages = Array.isArray(body.hosted_pages) ? (body.hosted_pages as Array<Record<string, unknown>>) : undefined;
        const valid =
          id &&
          pages?.every(
            (page) =>
              HOSTED_PAGE_IDS.has(String(page.hosted_page_id)) && typeof page.locale === 'string' && typeof page.url === 'string' && URL.canParse(page.url),
          );
        if (!valid) return fail(res, 400, 400, 'invalid hosted page group', 'HostedPageException');
        const now = new Date().toISOString();
        const existing = store.hostedPageGroups.get(id);
        const group: HostedPageGroup = {
          _id: id,
          groupOwner: str(body.groupOwner) ?? 'client',
          default_locale: str(body.default_locale) ?? 'en',
          hosted_pages: pages!.map((page) => ({
            hosted_page_id: String(page.hosted_page_id),
            locale: String(page.locale),
            url: String(page.url),
            ...(typeof page.content === 'string' ? { content: page.content } : {}),
          })),
          createdTime: existing?.createdTime ?? now,
          updatedTime: now,
        };
        store.hostedPageGroups.set(id, group);
        sendJson(res, existing ? 200 : 201, { success: true, status: existing ? 200 : 201, data: group });
      },
    ],

    // The tenant's own default pages, for a group that does not name a page.
    [
      'GET',
      '/identity/:page',
      (_req, res, p, u) => {
        sendHtml(
          res,
          200,
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>cidaas default page (stand-in)</title>
<h1>cidaas default hosted page: ${escapeHtml(p.page)}</h1><p>The tenant's own ${escapeHtml(p.page)} page would be shown here (${escapeHtml(u.search)}).</p>`,
        );
      },
    ],
  ];
}
