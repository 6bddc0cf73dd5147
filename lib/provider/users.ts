import 'server-only';
import { z } from 'zod';
import { callProvider, errorCodeOf, isSuccess } from './http';
import { ProviderError } from './errors';

/**
 * What the provider recommends after the e-mail step (product-spec.md §4, provider-api.md §5.2).
 * The body shape of this answer is unverified against a real tenant; it is parsed here and only
 * here so a correction touches one place.
 */
export type UserExistence =
  | { action: 'login' }
  | { action: 'register' }
  | { action: 'redirect'; redirectUri: string | undefined }
  | { action: 'other'; value: string };

const USER_NOT_FOUND = 10301;

const ExistenceData = z
  .object({
    action: z.string().optional(),
    providers: z.array(z.object({ redirectUri: z.string().optional() }).loose()).optional(),
  })
  .loose();

export async function checkUserExists(args: {
  requestId: string;
  email: string;
  rememberMe: boolean;
  locale?: string;
}): Promise<UserExistence> {
  const operation = 'users.checkExists';
  const reply = await callProvider({
    operation,
    method: 'POST',
    path: `/useractions-srv/userexistence/${encodeURIComponent(args.requestId)}`,
    query: { webfinger: 'domain_based_redirection', rememberMe: String(args.rememberMe) },
    body: { email: args.email, requestId: args.requestId },
    locale: args.locale,
  });

  // The legacy check answers 204 (with or without an error body, code 10301) for an unknown user.
  if (reply.status === 204) return { action: 'register' };
  if (!isSuccess(reply)) {
    const code = errorCodeOf(reply.json);
    if (code !== undefined && String(code) === String(USER_NOT_FOUND)) return { action: 'register' };
    throw new ProviderError({ kind: 'rejected', operation, status: reply.status, code });
  }

  const parsed = ExistenceData.safeParse((reply.json as { data?: unknown } | null)?.data ?? {});
  if (!parsed.success) throw new ProviderError({ kind: 'invalid-response', operation, status: reply.status });
  const action = (parsed.data.action ?? 'login').toLowerCase();
  if (action === 'login' || action === 'register') return { action };
  if (action === 'redirect') {
    return { action, redirectUri: parsed.data.providers?.[0]?.redirectUri };
  }
  return { action: 'other', value: action };
}
