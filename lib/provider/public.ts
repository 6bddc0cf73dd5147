import 'server-only';
import { z } from 'zod';
import { PRODUCT_POLICY, type PasswordPolicy } from '../validation/rules';
import { askForData } from './answer';
import { identityProvidersOf, type IdentityProvider } from './identity-providers';

/**
 * Public client information for a request id (docs/provider-contract.md §2.1): the client's name,
 * the identity providers the tenant offers for it (read leniently, lib/provider/identity-providers.ts),
 * and what it says of registration (§2.15): whether self-registration and invitations are on (only
 * where the answer says so), and whether it asks for a captcha, which this product does not render.
 */
export type ClientInfo = {
  displayName: string | undefined;
  identityProviders: IdentityProvider[];
  registration: RegistrationSettings;
  /** The tenant's password policy for new accounts (`password_policy`), where it states a usable one. */
  passwordPolicy?: PasswordPolicy;
};
export type RegistrationSettings = { selfService: boolean | undefined; invitations: boolean | undefined; captcha: boolean };

const count = z.coerce.number().int().min(0).max(128).optional().catch(undefined);
/**
 * `password_policy` (a type only, no sample: docs/provider-contract.md §2.15). Lengths outside
 * 1–128, or a maximum below the minimum, are not believed: this product's bound stands for them.
 */
const PasswordPolicyData = z
  .object({
    minimumLength: count,
    maximumLength: count,
    noOfDigits: count,
    noOfSpecialChars: count,
    lowerAndUpperCase: z.boolean().optional().catch(undefined),
  })
  .loose()
  .transform((p): PasswordPolicy | undefined => {
    if (Object.values(p).every((v) => v === undefined)) return undefined;
    const min = p.minimumLength && p.minimumLength >= 1 ? p.minimumLength : PRODUCT_POLICY.minLength;
    const max = p.maximumLength && p.maximumLength >= min ? p.maximumLength : Math.max(PRODUCT_POLICY.maxLength, min);
    return {
      minLength: min,
      maxLength: max,
      lowerAndUpper: p.lowerAndUpperCase ?? PRODUCT_POLICY.lowerAndUpper,
      digits: p.noOfDigits ?? PRODUCT_POLICY.digits,
      specials: p.noOfSpecialChars ?? PRODUCT_POLICY.specials,
    };
  })
  .optional()
  .catch(undefined);

const flag = z
  .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
  .optional()
  .catch(undefined);

const ClientInfoData = z
  .object({
    client_display_name: z.string().optional(),
    client_name: z.string().optional(),
    registration_enabled: flag,
    invite_enabled: flag,
    captcha_site_key: z.string().optional().catch(undefined),
    password_policy: PasswordPolicyData,
  })
  .loose()
  .transform((d): ClientInfo => ({
    displayName: d.client_display_name ?? d.client_name,
    identityProviders: identityProvidersOf(d),
    registration: { selfService: d.registration_enabled, invitations: d.invite_enabled, captcha: Boolean(d.captcha_site_key?.trim()) },
    ...(d.password_policy ? { passwordPolicy: d.password_policy } : {}),
  }));

export function getClientInfo(args: { requestId: string; locale?: string }): Promise<ClientInfo> {
  return askForData(
    {
      service: 'public-srv',
      operation: 'public.clientInfo',
      method: 'GET',
      path: `/public-srv/public/${encodeURIComponent(args.requestId)}`,
      locale: args.locale,
      signIn: args.requestId,
    },
    ClientInfoData,
  );
}
