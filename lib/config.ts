import 'server-only';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { isLoopbackHost } from './config-shared';
import { DEFAULT_LIMITS, LIMIT_NAMES, type LimitName } from './limits/names';

/**
 * The whole runtime configuration, parsed once from the environment.
 * A bad or missing value stops the server at start with one message naming every problem
 * (see instrumentation.ts), instead of failing on the first request that needs it.
 */

/** An absolute origin-bearing URL: https, or http only for loopback (development and tests). */
const secureUrl = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/ }))
  .refine((value) => {
    // zod runs this check even after z.url() has failed; a bad URL is already reported.
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.protocol === 'https:' || isLoopbackHost(url.hostname);
  }, 'must use https (http is accepted only for loopback addresses)')
  .transform((value) => new URL(value));

const originUrl = secureUrl.transform((url) => url.origin);

const secretList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().min(32, 'each secret must be at least 32 characters')).min(1));

const optionalUrl = secureUrl.optional();

/** Per link, a URL per locale; "*" is the fallback for locales without their own. */
const FOOTER_LINK_NAMES = ['dataProtection', 'imprint', 'disclaimer', 'termsOfUse'] as const;
export type FooterLinkName = (typeof FOOTER_LINK_NAMES)[number];
const FooterLinksSchema = z
  .object(
    Object.fromEntries(FOOTER_LINK_NAMES.map((name) => [name, z.record(z.string(), z.url({ protocol: /^https?$/ })).optional()])) as Record<
      FooterLinkName,
      z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodURL>>
    >,
  )
  .strict();

/**
 * The bulkheads' defaults (lib/provider/limits.ts). A page makes one or two provider calls at a
 * time, so four in flight for one sign-in leaves room for a second tab or a double submit; more is
 * a retry storm or someone holding connections. Sixteen per client address leaves room for a few
 * people behind one office NAT signing in at once, and is far below the transport's connections
 * (lib/provider/http.ts), so a few such clients cannot take them all.
 */
const DEFAULT_CALLS_PER_SIGN_IN = 4;
const DEFAULT_CALLS_PER_CLIENT = 16;

/** RATE_LIMITS: `{"<name>": "<attempts>/<seconds>"}` for any of the limits in lib/limits/limits.ts. */
const RateLimitsSchema = z
  .partialRecord(z.enum(LIMIT_NAMES as [LimitName, ...LimitName[]]), z.string().regex(/^\d{1,6}\/\d{1,6}$/, 'each value must be "<attempts>/<seconds>"'))
  .transform((overrides) => {
    const limits: Record<LimitName, { points: number; seconds: number }> = { ...DEFAULT_LIMITS };
    for (const [name, value] of Object.entries(overrides) as Array<[LimitName, string]>) {
      const [points, seconds] = value.split('/').map(Number);
      limits[name] = { points, seconds };
    }
    return limits;
  });

/** A variable holding JSON (empty or unset: `{}`); `problem` names what is wrong when it is not JSON. */
function jsonVariable(problem: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return {};
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
    });
}

const EnvSchema = z.object({
  PROVIDER_URL: secureUrl,
  PUBLIC_URL: secureUrl,
  SESSION_SECRET: secretList,
  CLIENT_ID: z.string().trim().min(1),
  CLIENT_SECRET: z.string().trim().min(1),
  SELF_SERVICE_URL: optionalUrl,
  SUPPORT_URL: optionalUrl,
  SUPPORT_EMAIL: z.email().optional(),
  REDIRECT_ALLOWLIST: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(originUrl)),
  FOOTER_LINKS: jsonVariable('must be JSON').pipe(FooterLinksSchema),
  BRAND_DIR: z.string().trim().min(1).optional(),
  // The manufacturer's name as text: an authenticator app's issuer, a printout's heading, "ask your … sales contact".
  BRAND_NAME: z.string().trim().min(1).max(80).default('Kitchen Works'),
  // The tenant's authenticator app, which pairs for push approval (docs/features.md "Second factors set up here").
  PUSH_APP_NAME: z.string().trim().min(1).max(60).default('cidaas Authenticator'),
  PUSH_APP_IOS_URL: optionalUrl,
  PUSH_APP_ANDROID_URL: optionalUrl,
  PROVIDER_API: z.enum(['current', 'legacy']).default('current'),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(8_000),
  MFA_RESEND_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  PROVIDER_BREAKER_THRESHOLD: z.coerce.number().int().min(1).max(10_000).default(5),
  PROVIDER_BREAKER_OPEN_MS: z.coerce.number().int().min(1_000).max(300_000).default(10_000),
  PROVIDER_MAX_CALLS_PER_SIGN_IN: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_CALLS_PER_SIGN_IN),
  PROVIDER_MAX_CALLS_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_CALLS_PER_CLIENT),
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  STORE_TIMEOUT_MS: z.coerce.number().int().min(5).max(5_000).default(50),
  RATE_LIMITS: jsonVariable('must be JSON, e.g. {"email.address":"60/60"}').pipe(RateLimitsSchema),
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .transform((list, ctx) => {
      try {
        return { list, trust: proxyaddr.compile(list) };
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `${error instanceof Error ? error.message : 'invalid'} (addresses, CIDR ranges, or loopback, linklocal, uniquelocal)`,
        });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PASSKEYS: z.enum(['on', 'off']).default('off'),
  // Read by server/entry.mjs before Next starts; listed here so that a bad value stops the server.
  TRUST_INCOMING_TRACE_CONTEXT: z.enum(['on', 'off']).default('off'),
  IDENTITY_PROVIDERS_FIRST: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(100, 'each provider name must be at most 100 characters'))),
});

export type AppConfig = {
  providerUrl: URL;
  providerOrigin: string;
  publicUrl: URL;
  publicOrigin: string;
  sessionSecrets: string[];
  clientId: string;
  clientSecret: string;
  selfServiceUrl?: URL;
  /** Whom a person whose account cannot sign in may contact: a page, an address, or both. */
  support: { url?: URL; email?: string };
  redirectAllowlist: string[];
  footerLinks: Partial<Record<FooterLinkName, Record<string, string>>>;
  /** Where operators put replacement logos (manufacturer.svg, product.svg …); see docs/features.md "Brand". */
  brandDir: string | undefined;
  /** The manufacturer's name as text (BRAND_NAME). */
  brandName: string;
  /** The authenticator app a phone pairs with for push approval, and where to get it (PUSH_APP_*). */
  pushApp: { name: string; iosUrl?: URL; androidUrl?: URL };
  /**
   * Which generation of the provider's reset and account-verification API the tenant speaks
   * (docs/provider-contract.md §3): `current` (password-srv, verification-actions-srv) or `legacy`
   * (users-srv, verification-srv).
   */
  providerApi: 'current' | 'legacy';
  providerTimeoutMs: number;
  /** Distinct sign-ins without an answer that open the circuit breaker, and how long it stays open. */
  breaker: { threshold: number; openMs: number };
  /** The bulkheads: provider calls in flight at most per sign-in and per client address. */
  providerCalls: { perSignIn: number; perClient: number };
  /** Countdown before another MFA code may be requested; match the tenant's rate limit. */
  mfaResendSeconds: number;
  /**
   * Which peers are proxies whose X-Forwarded-For may be believed (TRUSTED_PROXIES); the client
   * address for per-client limits comes from it (lib/request-context.ts).
   */
  /** The shared store for limits (Redis or Valkey); without it each process counts its own. */
  redisUrl: string | undefined;
  /** How long a command of the shared store may take before its limits count per replica. */
  storeTimeoutMs: number;
  rateLimits: Record<LimitName, { points: number; seconds: number }>;
  trustedProxies: string[];
  trustProxy: (address: string, hop: number) => boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Secure cookies and the __Host- prefix need an https origin. */
  secureCookies: boolean;
  /**
   * PASSKEYS=on: FIDO2 sign-in, second factor and enrolment through the tenant. Off by default:
   * it works only where this deployment shares the registrable domain with the tenant's
   * relying-party id (docs/tenant.md "Passkeys: the relying-party id"; `npm run tenant:check` compares them).
   */
  passkeys: boolean;
  /**
   * Identity providers (the tenant's provider_name, lower-case) whose buttons come first on the
   * e-mail step, in this order: a brand's own provider before the social ones. Names the tenant
   * does not offer for the client are ignored.
   */
  identityProvidersFirst: string[];
};

/** The footer links for a locale, in display order; links without a URL are left out. */
export function footerLinksFor(config: AppConfig, locale: string): Array<{ name: FooterLinkName; href: string }> {
  return FOOTER_LINK_NAMES.flatMap((name) => {
    const urls = config.footerLinks[name];
    const href = urls?.[locale] ?? urls?.['*'] ?? urls?.['en-GB'];
    return href ? [{ name, href }] : [];
  });
}

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'environment';
      const received = env[String(issue.path[0])];
      return received === undefined || received === '' ? `${name}: missing` : `${name}: ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const e = result.data;
  return {
    providerUrl: e.PROVIDER_URL,
    providerOrigin: e.PROVIDER_URL.origin,
    publicUrl: e.PUBLIC_URL,
    publicOrigin: e.PUBLIC_URL.origin,
    sessionSecrets: e.SESSION_SECRET,
    clientId: e.CLIENT_ID,
    clientSecret: e.CLIENT_SECRET,
    selfServiceUrl: e.SELF_SERVICE_URL,
    support: { url: e.SUPPORT_URL, email: e.SUPPORT_EMAIL },
    redirectAllowlist: e.REDIRECT_ALLOWLIST,
    footerLinks: e.FOOTER_LINKS,
    brandDir: e.BRAND_DIR,
    brandName: e.BRAND_NAME,
    pushApp: { name: e.PUSH_APP_NAME, iosUrl: e.PUSH_APP_IOS_URL, androidUrl: e.PUSH_APP_ANDROID_URL },
    providerApi: e.PROVIDER_API,
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
    mfaResendSeconds: e.MFA_RESEND_SECONDS,
    breaker: { threshold: e.PROVIDER_BREAKER_THRESHOLD, openMs: e.PROVIDER_BREAKER_OPEN_MS },
    providerCalls: { perSignIn: e.PROVIDER_MAX_CALLS_PER_SIGN_IN, perClient: e.PROVIDER_MAX_CALLS_PER_CLIENT },
    redisUrl: e.REDIS_URL,
    storeTimeoutMs: e.STORE_TIMEOUT_MS,
    rateLimits: e.RATE_LIMITS,
    trustedProxies: e.TRUSTED_PROXIES.list,
    trustProxy: e.TRUSTED_PROXIES.trust,
    logLevel: e.LOG_LEVEL,
    secureCookies: e.PUBLIC_URL.protocol === 'https:',
    passkeys: e.PASSKEYS === 'on',
    identityProvidersFirst: e.IDENTITY_PROVIDERS_FIRST,
  };
}

let cached: AppConfig | undefined;

export function getConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}
