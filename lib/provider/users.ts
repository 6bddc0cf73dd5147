import 'server-only';
import { z } from 'zod';
import { ask, unexpected, type Answer } from './answer';
import type { ProviderCall } from './http';

/**
 * What the provider recommends after the e-mail step (docs/provider-contract.md §2.2). The success
 * body is not published (U): `action` and `providers[].redirectUri` are the spec's names, read here
 * and only here so a correction touches one place. An answer that names no action says nothing
 * either way (`unstated`): the configured list decides (lib/flows/sign-in.ts).
 */
export type UserExistence =
  | { action: 'login' }
  | { action: 'register' }
  | { action: 'unstated' }
  | { action: 'redirect'; redirectUri: string | undefined }
  | { action: 'other'; value: string };

const ExistenceData = z
  .object({
    action: z.string().optional(),
    providers: z.array(z.object({ redirectUri: z.string().optional() }).loose()).optional(),
  })
  .loose();

/**
 * `webfinger` and `rememberMe` go in the query and in the JSON body alike: cidaas's JavaScript
 * SDK sends its whole options object as the body and these two in the query as well.
 */
export async function checkUserExists(args: { requestId: string; email: string; rememberMe: boolean; locale?: string }): Promise<UserExistence> {
  const options = { webfinger: 'domain_based_redirection', rememberMe: String(args.rememberMe) };
  const call: ProviderCall = {
    service: 'useractions-srv',
    operation: 'users.checkExists',
    method: 'POST',
    path: `/useractions-srv/userexistence/${encodeURIComponent(args.requestId)}`,
    query: options,
    body: { email: args.email, requestId: args.requestId, ...options },
    locale: args.locale,
    signIn: args.requestId,
  };
  return readExistence(call, await ask(call));
}

export function readExistence(call: Pick<ProviderCall, 'service' | 'operation'>, answer: Answer): UserExistence {
  // The legacy check answers 204 (the docs: "with the error envelope, code 10301") for an unknown user.
  if (answer.kind === 'empty') return { action: 'register' };
  if (answer.kind === 'refused' && answer.error.meaning === 'user-not-found') return { action: 'register' };
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const parsed = ExistenceData.safeParse(answer.data ?? {});
  if (!parsed.success) throw unexpected(call, answer, parsed.error);
  const action = parsed.data.action?.trim().toLowerCase();
  if (!action) return { action: 'unstated' };
  if (action === 'login' || action === 'register') return { action };
  if (action === 'redirect') return { action, redirectUri: parsed.data.providers?.[0]?.redirectUri };
  return { action: 'other', value: action };
}
