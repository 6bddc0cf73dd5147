import 'server-only';
import { z } from 'zod';
import { ask, askForData, unexpected } from './answer';
import type { ProviderCall } from './http';

/**
 * verification-srv: the configured methods, and initiating and checking an authentication
 * (docs/provider-contract.md §2.3–2.5). Both API generations share these calls.
 */
export type ConfiguredMethod = { type: string; mediumIds: string[] };

const ConfiguredListData = z
  .object({
    configured_list: z
      .array(
        z
          .object({
            type: z.string(),
            mediums: z
              .array(z.object({ id: z.string().optional(), medium_id: z.string().optional() }).loose())
              .optional(),
          })
          .loose(),
      )
      .default([]),
  })
  .loose()
  .transform((d): ConfiguredMethod[] =>
    d.configured_list.map((entry) => ({
      type: entry.type.toUpperCase(),
      // Some tenants answer medium_id instead of id (docs/provider-contract.md §2.3).
      mediumIds: (entry.mediums ?? [])
        .map((m) => m.id ?? m.medium_id)
        .filter((id): id is string => typeof id === 'string' && id.length > 0),
    })),
  );

/** The methods configured for an account, identified by e-mail or subject. */
export function getConfiguredMethods(args: {
  requestId: string;
  email?: string;
  sub?: string;
  locale?: string;
}): Promise<ConfiguredMethod[]> {
  return askForData(
    {
      service: 'verification-srv',
      operation: 'verification.configuredList',
      method: 'POST',
      path: '/verification-srv/v2/setup/public/configured/list',
      body: { request_id: args.requestId, email: args.email, sub: args.sub },
      locale: args.locale,
      signIn: args.requestId,
    },
    ConfiguredListData,
  );
}

export type UsageType = 'PASSWORDLESS_AUTHENTICATION' | 'MULTIFACTOR_AUTHENTICATION';

const InitiateData = z
  .object({
    exchange_id: z.object({ exchange_id: z.string().min(1) }).loose(),
    sub: z.string().optional(),
    // No source names the masked destination of a sent code (U); shown when a tenant sends it.
    medium_text: z.string().optional(),
  })
  .loose()
  .transform((d) => ({ exchangeId: d.exchange_id.exchange_id, sub: d.sub, destination: d.medium_text }));

export type Initiated =
  | { kind: 'initiated'; exchangeId: string; sub: string | undefined; destination: string | undefined }
  /** product-spec.md §8: an initiation answered 403 with a redirectUrl sends the browser there. */
  | { kind: 'redirect'; url: string };

export async function initiateAuthentication(args: {
  type: string;
  usageType: UsageType;
  requestId: string;
  mediumId: string;
  email?: string;
  sub?: string;
  trackId?: string;
  locale?: string;
}): Promise<Initiated> {
  const call: ProviderCall = {
    service: 'verification-srv',
    operation: 'verification.initiate',
    method: 'POST',
    path: `/verification-srv/v2/authenticate/initiate/${encodeURIComponent(args.type.toLowerCase())}`,
    body: {
      type: args.type,
      usage_type: args.usageType,
      request_id: args.requestId,
      medium_id: args.mediumId,
      email: args.email,
      sub: args.sub,
      trackId: args.trackId,
      single_factor_auth: false,
    },
    locale: args.locale,
    signIn: args.requestId,
  };
  const answer = await ask(call);
  if (answer.kind === 'redirect' && !answer.failure) return { kind: 'redirect', url: answer.location.toString() };
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const data = InitiateData.safeParse(answer.data);
  if (!data.success) throw unexpected(call, answer, data.error);
  return { kind: 'initiated', ...data.data };
}

const AuthenticateData = z
  .object({ sub: z.string().min(1), status_id: z.string().min(1) })
  .loose()
  .transform((d) => ({ sub: d.sub, statusId: d.status_id }));

/** Checks the secret of an initiated exchange: `password` for PASSWORD, `pass_code` for codes. */
export function authenticate(args: {
  type: string;
  exchangeId: string;
  secret: string;
  requestId: string;
  locale?: string;
}): Promise<{ sub: string; statusId: string }> {
  const isPassword = args.type.toUpperCase() === 'PASSWORD';
  return askForData(
    {
      service: 'verification-srv',
      operation: 'verification.authenticate',
      method: 'POST',
      path: `/verification-srv/v2/authenticate/authenticate/${encodeURIComponent(args.type.toLowerCase())}`,
      body: {
        type: args.type,
        exchange_id: args.exchangeId,
        requestId: args.requestId,
        ...(isPassword ? { password: args.secret } : { pass_code: args.secret }),
      },
      locale: args.locale,
      signIn: args.requestId,
    },
    AuthenticateData,
  );
}
