import 'server-only';
import { z } from 'zod';
import { getConfig } from '../config';
import { ask, askForData, redirectError, unexpected } from './answer';
import type { ProviderCall } from './http';

/**
 * Account (e-mail) verification in both API generations (docs/provider-contract.md §3.2): the
 * current one at verification-actions-srv (the initiation a form post answered with a 302 to the
 * `verification_complete` page, whose query names the verification id `accvid`), the legacy one
 * at verification-srv (`…/account/initiate/sdk`, a JSON envelope with `data.accvid`).
 */
export type Whom = { email: string } | { sub: string };

const AccvidData = z.object({ accvid: z.string().min(1).max(256) }).loose();

/** Sends a confirmation link; resolves with the verification id when the provider names one. */
export async function initiateAccountVerification(args: { requestId: string; whom: Whom; locale: string }): Promise<{ accvid: string | undefined }> {
  const current = getConfig().providerApi === 'current';
  const call: ProviderCall = {
    service: current ? 'verification-actions-srv' : 'verification-srv',
    operation: 'verification.accountInitiate',
    method: 'POST',
    path: current ? '/verification-actions-srv/account/initiation' : '/verification-srv/account/initiate/sdk',
    encoding: current ? 'form' : 'json',
    body: { requestId: args.requestId, processingType: 'LINK', verificationMedium: 'email', ...args.whom, accept_language: args.locale },
    locale: args.locale,
    signIn: args.requestId,
  };
  const answer = await ask(call);
  if (answer.kind === 'redirect') {
    if (answer.failure) throw redirectError(call, answer.status, answer.failure);
    return { accvid: answer.location.searchParams.get('accvid') ?? undefined };
  }
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const data = AccvidData.safeParse(answer.data);
  return { accvid: data.success ? data.data.accvid : undefined };
}

const VerifiedData = z
  .object({
    suggested_action: z.string().optional(),
    trackId: z.string().optional(),
    track_id: z.string().optional(),
  })
  .loose()
  .transform((d) => ({ suggestedAction: d.suggested_action, trackId: d.trackId ?? d.track_id }));

/**
 * Checks a verification code (`verification_complete` with processingType CODE). The answer may
 * suggest signing in at once with a track (`suggested_action: LOGIN`).
 */
export function verifyAccount(args: {
  accvid: string;
  code: string;
  locale: string;
}): Promise<{ suggestedAction: string | undefined; trackId: string | undefined }> {
  const current = getConfig().providerApi === 'current';
  return askForData(
    {
      service: current ? 'verification-actions-srv' : 'verification-srv',
      operation: 'verification.accountVerify',
      method: 'POST',
      path: current ? '/verification-actions-srv/account' : '/verification-srv/account/verify',
      body: { accvid: args.accvid, code: args.code },
      locale: args.locale,
      // No requestId in this step: the verification id stands for the sign-in.
      signIn: args.accvid,
    },
    VerifiedData.or(z.undefined().transform(() => ({ suggestedAction: undefined, trackId: undefined }))),
  );
}
