import 'server-only';
import { z } from 'zod';
import { getConfig } from '../config';
import { ask, askForData, redirectError, unexpected } from './answer';
import type { ProviderCall } from './http';

/**
 * Password reset in both API generations (docs/provider-contract.md §3.1): the current one at
 * password-srv (`?action=initiatereset|acceptreset`, the accept a form post answered with a 302),
 * the legacy one at users-srv (JSON envelopes). The initiation answers success whether or not the
 * account exists, so nothing here reveals who has an account.
 */
const RESET_PATHS = {
  current: { initiate: ['/password-srv/resetpassword', 'initiatereset'], accept: ['/password-srv/resetpassword', 'acceptreset'] },
  legacy: { initiate: ['/users-srv/resetpassword/initiate', undefined], accept: ['/users-srv/resetpassword/accept', undefined] },
} as const;

function resetCall(step: 'initiate' | 'accept', call: Omit<ProviderCall, 'service' | 'operation' | 'method' | 'path' | 'query'>): ProviderCall {
  const generation = getConfig().providerApi;
  const [path, action] = RESET_PATHS[generation][step];
  return {
    ...call,
    service: generation === 'current' ? 'password-srv' : 'users-srv',
    operation: `reset.${step}`,
    method: 'POST',
    path,
    query: action ? { action } : undefined,
  };
}

/** Sends a reset link (processing type LINK, medium e-mail: the person gets a link, never a code). */
export async function initiateReset(args: { email: string; requestId: string; locale: string }): Promise<void> {
  await askForData(
    resetCall('initiate', {
      body: { email: args.email, requestId: args.requestId, processingType: 'LINK', resetMedium: 'email' },
      locale: args.locale,
      signIn: args.requestId,
    }),
    z.unknown(),
  );
}

const AcceptData = z.object({ reseted: z.literal(true), redirect_uri: z.string().optional() }).loose();

/**
 * Sets the new password of a reset link. Resolves with where the provider says to go next (the
 * current generation's 302 Location, or a legacy `redirect_uri`), if anywhere; throws a
 * ProviderError whose `meaning` says why it was refused (breached, reused, link gone …).
 */
export async function acceptReset(args: {
  password: string;
  resetRequestId: string;
  exchangeId: string;
  requestId: string;
  locale: string;
}): Promise<{ next: string | undefined }> {
  const generation = getConfig().providerApi;
  const call = resetCall('accept', {
    // The current endpoint is browser-facing (a form post); the legacy one is a JSON API.
    encoding: generation === 'current' ? 'form' : 'json',
    body: {
      resetRequestId: args.resetRequestId,
      exchangeId: args.exchangeId,
      password: args.password,
      confirmPassword: args.password,
      requestId: args.requestId,
    },
    locale: args.locale,
    signIn: args.requestId,
  });
  const answer = await ask(call);
  if (answer.kind === 'redirect') {
    if (answer.failure) throw redirectError(call, answer.status, answer.failure);
    return { next: answer.location.toString() };
  }
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const data = AcceptData.safeParse(answer.data);
  if (!data.success) throw unexpected(call, answer, data.error);
  return { next: data.data.redirect_uri };
}
