import 'server-only';
import { z } from 'zod';
import { callForData } from './http';

/**
 * Password reset at users-srv (provider-api.md §5.11), JSON mode. The initiation answers success
 * whether or not the account exists, so nothing here reveals who has an account.
 */
export function initiateReset(args: { email: string; requestId: string; locale: string }): Promise<void> {
  return callForData(
    {
      operation: 'users.resetInitiate',
      method: 'POST',
      path: '/users-srv/resetpassword/initiate',
      body: { email: args.email, requestId: args.requestId, processingType: 'LINK', resetMedium: 'EMAIL' },
      locale: args.locale,
    },
    z.unknown(),
  ).then(() => undefined);
}

const AcceptData = z
  .object({ reseted: z.literal(true), redirect_uri: z.string().optional() })
  .loose()
  .transform((d) => ({ redirectUri: d.redirect_uri }));

/** Sets the new password for a reset link; the provider may name where to go next. */
export function acceptReset(args: {
  password: string;
  resetRequestId: string;
  exchangeId: string;
  requestId: string;
  locale: string;
}): Promise<{ redirectUri: string | undefined }> {
  return callForData(
    {
      operation: 'users.resetAccept',
      method: 'POST',
      path: '/users-srv/resetpassword/accept',
      body: {
        password: args.password,
        confirmPassword: args.password,
        resetRequestId: args.resetRequestId,
        exchangeId: args.exchangeId,
        requestId: args.requestId,
      },
      locale: args.locale,
    },
    AcceptData,
  );
}
