import 'server-only';
import { z } from 'zod';
import { callForData, callProvider, errorCodeOf, isSuccess } from './http';
import { ProviderError } from './errors';

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
      // Some tenants answer medium_id instead of id (provider-api.md §5.3).
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
  return callForData(
    {
      operation: 'verification.configuredList',
      method: 'POST',
      path: '/verification-srv/v2/setup/public/configured/list',
      body: { request_id: args.requestId, email: args.email, sub: args.sub },
      locale: args.locale,
    },
    ConfiguredListData,
  );
}

export type UsageType = 'PASSWORDLESS_AUTHENTICATION' | 'MULTIFACTOR_AUTHENTICATION';

const InitiateData = z
  .object({
    exchange_id: z.object({ exchange_id: z.string().min(1) }).loose(),
    sub: z.string().optional(),
    // Unverified field name: where the provider names the masked destination of a sent code.
    medium_text: z.string().optional(),
  })
  .loose()
  .transform((d) => ({ exchangeId: d.exchange_id.exchange_id, sub: d.sub, destination: d.medium_text }));

/** An initiate answer that sends the browser elsewhere (product-spec.md §8: error_code 403 + redirectUrl). */
const RedirectAnswer = z
  .object({
    error: z
      .object({ error_code: z.union([z.string(), z.number()]).optional(), redirectUrl: z.string().optional() })
      .loose()
      .optional(),
    data: z.object({ redirectUrl: z.string().optional() }).loose().optional(),
    redirectUrl: z.string().optional(),
  })
  .loose();

export type Initiated =
  | { kind: 'initiated'; exchangeId: string; sub: string | undefined; destination: string | undefined }
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
  const operation = 'verification.initiate';
  const reply = await callProvider({
    operation,
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
  });
  if (!isSuccess(reply)) {
    const answer = RedirectAnswer.safeParse(reply.json);
    const url = answer.success
      ? (answer.data.error?.redirectUrl ?? answer.data.data?.redirectUrl ?? answer.data.redirectUrl)
      : undefined;
    const is403 = reply.status === 403 || (answer.success && String(answer.data.error?.error_code) === '403');
    if (is403 && url) return { kind: 'redirect', url };
    throw new ProviderError({ kind: 'rejected', operation, status: reply.status, code: errorCodeOf(reply.json) });
  }
  const data = InitiateData.safeParse((reply.json as { data?: unknown } | null)?.data);
  if (!data.success) throw new ProviderError({ kind: 'invalid-response', operation, status: reply.status });
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
  return callForData(
    {
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
    },
    AuthenticateData,
  );
}
