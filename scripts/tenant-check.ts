// `npm run tenant:check [-- --record [file]]`: does the tenant at PROVIDER_URL work with this
// deployment, as configured? Prints a table of checks (PASS / FAIL / UNKNOWN, with what to change),
// then what this tenant settled of what docs/provider-contract.md §7 lists as unknown, and exits 1
// when any check fails. It uses the deployment's own provider client, so "understood" means
// understood by this build (as the synthetic sign-in, with TENANT_CHECK_CLIENT_ID and
// TENANT_CHECK_CLIENT_SECRET, a client of its own: scripts/tenant-check-push.ts). Nothing is changed at the tenant; with TENANT_CHECK_EMAIL and
// TENANT_CHECK_PASSWORD it also signs that test account in, to tokens (a wrong password counts
// toward the account's lockout like any other), and revokes the refresh token it got; with
// TENANT_CHECK_TOTP_SECRET it passes the second factor the tenant asks for with the account's
// authenticator-app code. With TENANT_CHECK_PUSHGATEWAY_URL it pushes its result as metrics (the
// synthetic sign-in: scripts/tenant-check-push.ts, docs/operations.md "Synthetic sign-in").
// With --record, every answer's shape (values removed, scripts/tenant-record.ts) goes to a file
// (default tenant-check-record.json) to send with a bug report. (The modules that read the
// configuration are imported once LOG_LEVEL is set.)
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { pushSyntheticResult, syntheticPassed, takeSyntheticCredentials } from './tenant-check-push.ts';
import { identityProviderLists, identityProvidersCheck } from './tenant-identity-providers.ts';
import { fieldListCheck, fieldTextsCheck, ONBOARDING_SCOPES, onboardingScopesCheck, registrationSettingsCheck } from './tenant-onboarding.ts';
import { record, type Recorded } from './tenant-record.ts';
import { describeExistence, describeFailure, printTable, settledUnknowns, type Check, type Seen } from './tenant-report.ts';

process.env.LOG_LEVEL ||= 'silent';
takeSyntheticCredentials(process.env);
const startedAt = Date.now();
const recordArg = process.argv.indexOf('--record');
const recordNext = recordArg < 0 ? undefined : process.argv[recordArg + 1];
const recordFile = recordArg < 0 ? undefined : recordNext && !recordNext.startsWith('--') ? recordNext : 'tenant-check-record.json';
const recorded: Recorded[] = [];
/** What the run saw, for the summary of settled unknowns. */
const seen: Seen = {};
const checks: Check[] = [];
const add = (name: string, result: Check['result'], detail: string) => checks.push({ name, result, detail });

const { ConfigError, getConfig } = await import('../lib/config.ts');
let config: ReturnType<typeof getConfig>;
try {
  config = getConfig();
  add('Configuration', 'PASS', `PROVIDER_URL ${config.providerOrigin}, PUBLIC_URL ${config.publicOrigin}, PROVIDER_API ${config.providerApi}`);
} catch (error) {
  add('Configuration', 'FAIL', error instanceof ConfigError ? error.problems.join('\n') : describeFailure(error));
  process.exit(await finish());
}

const { ask, readAnswer } = await import('../lib/provider/answer.ts');
const { observeReplies } = await import('../lib/provider/http.ts');
observeReplies((call, reply) => recorded.push(record(call, reply, readAnswer(call, reply))));
const lastAnswer = (operation: string) => recorded.filter((r) => r.operation === operation).at(-1);

const { beginAuthorization } = await import('../lib/auth/authorize.ts');
const { callbackUrl, SCOPES } = await import('../lib/provider/oidc.ts');
const { getClientInfo } = await import('../lib/provider/public.ts');
const { initiateReset } = await import('../lib/provider/reset.ts');
const { checkEmail, checkPassword } = await import('../lib/flows/sign-in.ts');
const { refusalMeaning } = await import('../lib/provider/errors.ts');

// Discovery and keys: the tenant answers and PROVIDER_URL is its issuer.
let jwksUri: string | undefined;
try {
  const answer = await ask({ service: 'oidc', operation: 'discovery', method: 'GET', path: '/.well-known/openid-configuration' });
  const body = answer.kind === 'data' ? (answer.body as { issuer?: string; jwks_uri?: string }) : undefined;
  const issuer = body?.issuer?.replace(/\/$/, '');
  if (!body)
    add('Discovery', 'FAIL', `no discovery document at ${config.providerOrigin}/.well-known/openid-configuration: is PROVIDER_URL the tenant's base URL?`);
  else if (issuer !== config.providerUrl.toString().replace(/\/$/, '')) add('Discovery', 'FAIL', `the issuer is ${body.issuer}: set PROVIDER_URL to it`);
  else add('Discovery', 'PASS', `issuer ${body.issuer}`);
  jwksUri = body?.jwks_uri;
} catch (error) {
  add('Discovery', 'FAIL', `${describeFailure(error)}: is the tenant reachable from here?`);
}
if (jwksUri) {
  try {
    const answer = await ask({ service: 'oidc', operation: 'jwks', method: 'GET', path: jwksUri });
    const keys = answer.kind === 'data' ? (answer.body as { keys?: unknown[] }).keys : undefined;
    add(
      'Signing keys (JWKS)',
      keys && keys.length > 0 ? 'PASS' : 'FAIL',
      keys && keys.length > 0 ? `${keys.length} key(s) at ${jwksUri}` : `no keys at ${jwksUri}`,
    );
  } catch (error) {
    add('Signing keys (JWKS)', 'FAIL', describeFailure(error));
  }
} else {
  add('Signing keys (JWKS)', 'UNKNOWN', 'no jwks_uri: discovery failed');
}

// An authorization request for this deployment's own client: accepted, and answered by the
// tenant's login page, which must be this deployment.
// It asks for cidaas:register and cidaas:invite too, to read from the tokens whether the client has
// them; a tenant that refuses the request for them is asked again without.
let requestId: string | undefined;
let pending: Awaited<ReturnType<typeof beginAuthorization>>['pending'] | undefined;
let onboardingScopesRefused: string | undefined;
try {
  const authorize = async (extraScopes: readonly string[]) => {
    const authorization = await beginAuthorization({ locale: 'en-GB', extraScopes });
    pending = authorization.pending;
    return ask({ service: 'oidc', operation: 'authorize', method: 'GET', path: authorization.url.toString() });
  };
  let answer = await authorize(ONBOARDING_SCOPES);
  if (
    answer.kind === 'redirect' &&
    answer.failure &&
    /scope/i.test(`${answer.failure.error ?? ''} ${answer.location.searchParams.get('error_description') ?? ''}`)
  ) {
    onboardingScopesRefused = answer.failure.error;
    answer = await authorize([]);
  }
  const clientRow = 'Client and redirect URI';
  if (answer.kind === 'redirect' && !answer.failure) {
    add(clientRow, 'PASS', `CLIENT_ID ${config.clientId} with redirect URI ${callbackUrl()} accepted`);
    const login = answer.location;
    requestId = login.searchParams.get('requestId') ?? undefined;
    const here = login.origin === config.publicOrigin && login.pathname === '/';
    if (here && requestId) add('Login page is this deployment', 'PASS', `the tenant sends the browser to ${login.origin}/?requestId=…`);
    else {
      add(
        'Login page is this deployment',
        'FAIL',
        `the tenant's login page is ${login.origin}${login.pathname}, not ${config.publicOrigin}/.\n` +
          'Point the hosted page "login" of the client\'s hosted-page group here: npm run tenant:setup (docs/tenant.md).',
      );
    }
  } else {
    const said =
      answer.kind === 'redirect'
        ? `${answer.failure?.error ?? 'error page'}${answer.failure?.code ? ` (${answer.failure.code})` : ''}`
        : answer.kind === 'refused'
          ? `HTTP ${answer.status}${answer.error.code !== undefined ? ` ${answer.error.code}` : ''}`
          : `HTTP ${answer.status}`;
    add(
      clientRow,
      'FAIL',
      `the tenant refused the authorization request: ${said}.\n` +
        `Check CLIENT_ID and register ${callbackUrl()} as a redirect URI of that client (scopes ${SCOPES}).`,
    );
    add('Login page is this deployment', 'UNKNOWN', 'no authorization request was accepted');
  }
} catch (error) {
  add('Client and redirect URI', 'FAIL', describeFailure(error));
  add('Login page is this deployment', 'UNKNOWN', 'no authorization request could be made');
}

// What the first screen reads for every sign-in, and what the register page reads.
let registrationSettings: import('../lib/provider/public.ts').RegistrationSettings | undefined;
if (requestId) {
  try {
    const info = await getClientInfo({ requestId, locale: 'en-GB' });
    add('Client information', 'PASS', `readable for the request; display name "${info.displayName ?? '(none)'}"`);
    checks.push(identityProvidersCheck(info.identityProviders, config.identityProvidersFirst));
    checks.push(registrationSettingsCheck(info.registration));
    registrationSettings = info.registration;
  } catch (error) {
    add('Client information', 'FAIL', describeFailure(error));
    add('Identity providers', 'UNKNOWN', 'the client information was not readable');
    add('Registration settings', 'UNKNOWN', 'the client information was not readable');
  }
  const { readRegistrationFields } = await import('../lib/provider/registration.ts');
  const fields = await readRegistrationFields({ requestId, locale: 'en-GB' }).then(
    (list) => ({ count: list.length }),
    (error: unknown) => ({ count: undefined, failure: describeFailure(error) }),
  );
  checks.push(fieldListCheck(recorded, fields.count, 'failure' in fields ? fields.failure : undefined));
  // Its texts in every shipped language: the page's own language is asked for (docs/features.md, "Registration").
  const { LOCALES } = await import('../lib/i18n/locale-list.ts');
  // One language at a time: the calls of one sign-in are bounded (lib/provider/limits.ts).
  const texts: Array<readonly [string, Awaited<ReturnType<typeof readRegistrationFields>> | undefined]> = [];
  for (const locale of LOCALES) texts.push([locale, await readRegistrationFields({ requestId, locale }).catch(() => undefined)]);
  checks.push(fieldTextsCheck(texts));
} else {
  for (const row of ['Client information', 'Identity providers', 'Registration settings', 'Registration field list', 'Registration field texts'])
    add(row, 'UNKNOWN', 'no requestId: the authorization request did not reach a login page');
}

// The reset and account-verification API generation: an initiation for an address that cannot
// exist is answered like any other (no enumeration) and sends nothing.
const other = config.providerApi === 'current' ? 'legacy' : 'current';
if (requestId) {
  try {
    await initiateReset({ email: `tenant-check-${randomBytes(4).toString('hex')}@example.invalid`, requestId, locale: 'en-GB' });
    add('Reset API generation', 'PASS', `the tenant answers the ${config.providerApi} reset API`);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 405)
      add('Reset API generation', 'FAIL', `the tenant does not serve the ${config.providerApi} reset API (HTTP ${status}): set PROVIDER_API=${other}`);
    else add('Reset API generation', 'UNKNOWN', `${describeFailure(error)}; compare PROVIDER_API with the tenant's version`);
  }
} else {
  add('Reset API generation', 'UNKNOWN', 'no requestId to try it with');
}

// An address that has no account (TENANT_CHECK_UNKNOWN_EMAIL, else a random one): whatever the
// tenant answers, it must read as "no account" here (docs/provider-contract.md §2.2), never as
// the password step.
if (requestId) {
  try {
    const nobody = process.env.TENANT_CHECK_UNKNOWN_EMAIL || `tenant-check-${randomBytes(6).toString('hex')}@example.com`;
    const outcome = await checkEmail({ requestId, email: nobody, locale: 'en-GB' });
    const seen = describeExistence(lastAnswer('users.checkExists'));
    if (outcome.kind === 'field-error' && outcome.key === 'userNotFound') add('Unknown address', 'PASS', `read as "no account": ${seen}`);
    else add('Unknown address', 'FAIL', `an address without an account was not read as "no account" (${outcome.kind}): ${seen}; send the --record report`);
  } catch (error) {
    add('Unknown address', 'FAIL', `answer not understood: ${describeFailure(error)}`);
  }
} else {
  add('Unknown address', 'UNKNOWN', 'no requestId to try it with');
}

// With a test account: the e-mail step, the password, and the rest of a sign-in to tokens.
const email = process.env.TENANT_CHECK_EMAIL;
const password = process.env.TENANT_CHECK_PASSWORD;
seen.withAccount = Boolean(email);
if (!email) {
  add('E-mail step', 'UNKNOWN', 'set TENANT_CHECK_EMAIL (and TENANT_CHECK_PASSWORD) to a test account to try it');
  add('Password check', 'UNKNOWN', 'set TENANT_CHECK_EMAIL and TENANT_CHECK_PASSWORD to try it');
} else if (!requestId) {
  add('E-mail step', 'UNKNOWN', 'no requestId to try it with');
  add('Password check', 'UNKNOWN', 'no requestId to try it with');
} else {
  let found = false;
  try {
    const outcome = await checkEmail({ requestId, email, locale: 'en-GB' });
    found = outcome.kind === 'screen';
    const said =
      outcome.kind === 'screen'
        ? `next screen ${outcome.path}`
        : outcome.kind === 'field-error'
          ? `"${outcome.key}" on the e-mail`
          : outcome.kind === 'external'
            ? 'redirected to a federated provider'
            : outcome.reason;
    add('E-mail step', outcome.kind === 'failure' ? 'FAIL' : 'PASS', `answer understood: ${said}`);
  } catch (error) {
    add('E-mail step', 'FAIL', `answer not understood: ${describeFailure(error)}`);
  }
  if (!password || !found) {
    add('Password check', 'UNKNOWN', !password ? 'set TENANT_CHECK_PASSWORD to try it' : 'the test account has no password sign-in');
  } else {
    let verified: Extract<Awaited<ReturnType<typeof checkPassword>>, { kind: 'verified' }> | undefined;
    try {
      const outcome = await checkPassword({ requestId, email, password, locale: 'en-GB' });
      if (outcome.kind === 'verified') {
        add('Password check', 'PASS', 'the password was verified and the answer understood');
        verified = outcome;
      } else if (outcome.kind === 'field-error')
        add('Password check', 'UNKNOWN', `the tenant refused the password ("${outcome.key}"); its answer was understood`);
      else
        add(
          'Password check',
          'UNKNOWN',
          `the tenant answered that the test account is ${outcome.kind === 'locked' ? 'locked (wait 5 minutes)' : 'declined, deactivated or deleted'}; its answer was understood`,
        );
    } catch (error) {
      add('Password check', refusalMeaning(error) ? 'UNKNOWN' : 'FAIL', `answer not understood: ${describeFailure(error)}`);
    }
    // The rest of the sign-in fails in its own row (the second factor, the prechecks, the exchange).
    if (verified) {
      const { signInToTokens } = await import('./tenant-signin.ts');
      seen.signIn = await signInToTokens({
        requestId,
        verified,
        pending: pending!,
        providerUrl: config.providerUrl,
        callbackUrl: callbackUrl(),
        totpSecret: process.env.TENANT_CHECK_TOTP_SECRET || undefined,
      }).catch((error: unknown) => ({ kind: 'failed' as const, reason: describeFailure(error) }));
    }
  }
}
const signIn = seen.signIn;
// D64: a tenant that suggests (or requires) a passkey to a deployment with passkeys off shows people a
// page that cannot make one; skipping it silently helps only while it may be skipped.
const suggested = signIn?.kind === 'stopped' ? signIn.suggestion : undefined;
// A suggestion that names no method is a passkey's (docs/features.md "Second factors set up here").
const suggestsPasskey = suggested && (suggested.methods.length === 0 || suggested.methods.includes('FIDO2'));
if (suggested && suggestsPasskey && !config.passkeys) {
  add(
    'Passkey suggestion',
    'FAIL',
    `the tenant ${suggested.required ? 'requires' : 'suggests'} a passkey after sign-in, but PASSKEYS is off here: set PASSKEYS=on, or remove FIDO2 from the app's suggested verification methods`,
  );
} else if (suggested) add('Passkey suggestion', 'PASS', `the tenant suggests ${suggested.methods.join(', ') || 'a passkey'} after sign-in`);
if (signIn?.kind !== 'signed-in') checks.push(onboardingScopesCheck(undefined, registrationSettings, onboardingScopesRefused));
if (!signIn) {
  add('Sign-in to tokens', 'UNKNOWN', 'needs a test account whose password check passed (TENANT_CHECK_EMAIL, TENANT_CHECK_PASSWORD)');
} else if (signIn.kind === 'failed') {
  add('Sign-in to tokens', 'FAIL', `after the password: ${signIn.reason}`);
} else if (signIn.kind === 'stopped') {
  add('Sign-in to tokens', 'UNKNOWN', `stopped after ${signIn.pages.join(' → ') || 'the password'}: ${signIn.reason}`);
} else {
  const second = signIn.secondFactor ? ' (second factor: an authenticator-app code)' : '';
  add('Sign-in to tokens', 'PASS', `code exchanged for tokens${signIn.pages.length ? ` after ${signIn.pages.join(' → ')}` : ''}${second}`);
  checks.push(onboardingScopesCheck(signIn.user.scope, registrationSettings, onboardingScopesRefused));
  const { tokenChecks } = await import('./tenant-check-tokens.ts');
  const tokens = await tokenChecks(signIn.user, signIn.groupChosen).catch((error: unknown) => {
    add('Tokens', 'FAIL', describeFailure(error));
    return undefined;
  });
  if (tokens) {
    checks.push(...tokens.checks);
    seen.tokens = tokens.facts;
  }
}

// Passkeys (docs/tenant.md "Passkeys: the relying-party id"): the relying-party id the tenant puts into a
// FIDO2 authentication for the test account must be PUBLIC_URL's host or a registrable suffix of it, or no
// browser will run the ceremony on this deployment's pages. Nothing is verified: the exchange is left to
// expire.
if (!config.passkeys) {
  add('Passkeys: relying-party id', 'UNKNOWN', 'PASSKEYS is off: set PASSKEYS=on (with TENANT_CHECK_EMAIL of an account with a passkey) to check it');
} else if (!email || !requestId) {
  add('Passkeys: relying-party id', 'UNKNOWN', !email ? 'set TENANT_CHECK_EMAIL to a test account that has a passkey' : 'no requestId to try it with');
} else {
  const { initiateFido2 } = await import('../lib/provider/fido2.ts');
  const { rpIdFits } = await import('../lib/provider/fido2-shapes.ts');
  const host = config.publicUrl.hostname;
  try {
    // With domainURL and allowedDomains, both PUBLIC_URL's origin (docs/provider-contract.md §2.13).
    const opened = await initiateFido2({ usageType: 'INITIAL_AUTHENTICATION', requestId, email, domainUrl: config.publicOrigin, locale: 'en-GB' });
    const rpId = opened.options.rpId;
    seen.passkey = `FIDO2 initiation with allowedDomains [${config.publicOrigin}] accepted; rp.id ${rpId ?? '(none named)'}`;
    if (!rpId) add('Passkeys: relying-party id', 'UNKNOWN', `the tenant's options name no rp.id (the browser then uses ${host}); its answer was understood`);
    else if (rpIdFits(rpId, host)) add('Passkeys: relying-party id', 'PASS', `rp.id ${rpId} fits ${host} (allowedDomains ${config.publicOrigin} accepted)`);
    else
      add(
        'Passkeys: relying-party id',
        'FAIL',
        `the tenant's rp.id is ${rpId}, which does not fit ${host}: browsers refuse the ceremony there.\n` +
          `Serve these pages under ${rpId} (a custom domain), ask cidaas to use ${host} or its registrable domain, or set PASSKEYS=off.`,
      );
  } catch (error) {
    add(
      'Passkeys: relying-party id',
      refusalMeaning(error) || (error as { kind?: string }).kind === 'rejected' ? 'UNKNOWN' : 'FAIL',
      `no FIDO2 authentication for the test account (does it have a passkey, is FIDO2 enabled?): ${describeFailure(error)}`,
    );
  }
}

process.exit(await finish());

/** Prints the table and what was settled, pushes the result where asked; answers the exit code. */
async function finish(): Promise<number> {
  printTable(checks);
  const facts = [...settledUnknowns(recorded, seen), ['identity provider lists in the client information', identityProviderLists(recorded)] as const];
  console.log('\nSettled by this tenant (docs/provider-contract.md §7):');
  for (const [unknown, what] of facts.filter(([, what]) => what !== undefined)) console.log(`  ${unknown}: ${what}`);
  const open = facts.filter(([, what]) => what === undefined).map(([unknown]) => unknown);
  if (open.length) console.log(`Not seen in this run: ${open.join('; ')}.`);
  if (recordFile !== undefined) {
    writeFileSync(
      recordFile,
      `${JSON.stringify({ recordedAt: new Date().toISOString(), providerApi: process.env.PROVIDER_API ?? 'current', answers: recorded }, null, 2)}\n`,
    );
    console.log(`\nRecorded ${recorded.length} answers (shapes only, no values) to ${recordFile}: send it with any bug report.`);
  }
  const failed = checks.filter((c) => c.result === 'FAIL').length;
  console.log(failed === 0 ? '\nNo check failed.' : `\n${failed} check${failed === 1 ? '' : 's'} failed.`);
  const pushed = await pushResult();
  // As the synthetic sign-in, a run that did not reach tokens fails too (the Job's status says so).
  const passed = process.env.TENANT_CHECK_PUSHGATEWAY_URL ? syntheticPassed(checks, Boolean(seen.withAccount)) : failed === 0;
  return passed && pushed ? 0 : 1;
}

/** The synthetic sign-in's result to the Pushgateway, when one is named; false if it could not be pushed. */
async function pushResult(): Promise<boolean> {
  const gatewayUrl = process.env.TENANT_CHECK_PUSHGATEWAY_URL;
  if (!gatewayUrl) return true;
  // A name that outlives releases (the gateway keeps a group until it is deleted): the deployment's host.
  const deployment = process.env.TENANT_CHECK_DEPLOYMENT || (URL.canParse(process.env.PUBLIC_URL ?? '') ? new URL(process.env.PUBLIC_URL!).host : 'unknown');
  const withAccount = Boolean(seen.withAccount);
  try {
    await pushSyntheticResult({ gatewayUrl, deployment, checks, withAccount, startedAt });
    console.log(`Pushed the result (${syntheticPassed(checks, withAccount) ? 'passed' : 'failed'}) to the Pushgateway for deployment ${deployment}.`);
    return true;
  } catch (error) {
    const where = URL.canParse(gatewayUrl) ? new URL(gatewayUrl).origin : 'TENANT_CHECK_PUSHGATEWAY_URL (not a URL)';
    console.error(`Could not push the result to the Pushgateway at ${where}: ${describeFailure(error)}`);
    return false;
  }
}
