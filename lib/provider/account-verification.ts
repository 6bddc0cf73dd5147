import 'server-only';
import { z } from 'zod';
import { callForData } from './http';

/** Starts e-mail verification of an account by link (provider-api.md §5.15; product-spec.md §7). */
export function initiateAccountVerification(args: { requestId: string; sub: string; locale: string }): Promise<void> {
  return callForData(
    {
      operation: 'verification.accountInitiate',
      method: 'POST',
      path: '/verification-srv/account/initiate',
      body: { requestId: args.requestId, sub: args.sub, processingType: 'LINK', verificationMedium: 'email' },
      locale: args.locale,
    },
    z.unknown(),
  ).then(() => undefined);
}
