import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort, randomSecret, runTenantScript, STANDIN_ADMIN_CLIENT_ID, startStandin } from '../../../scripts/processes.mjs';
import { expect, httpTest as test } from '../support/fixtures';

/**
 * The operator's tools against fresh stand-in tenants of their own (docs/tenant.md): `tenant:check` fails
 * where the tenant is not set up for this deployment and passes where it is; `tenant:setup` is a dry run by
 * default, writes with --apply, and changes nothing the second time.
 */
type Tenant = { url: string; appUrl: string; clientId: string; clientSecret: string; adminSecret: string; child: ChildProcess };

async function freshTenant(generation: 'current' | 'legacy', extraEnv: Record<string, string> = {}): Promise<Tenant> {
  const [port, appPort] = await Promise.all([freePort(), freePort()]);
  const tenant = {
    url: `http://127.0.0.1:${port}`,
    appUrl: `http://127.0.0.1:${appPort}`,
    clientId: 'tenant-tools',
    clientSecret: randomSecret(),
    adminSecret: randomSecret(),
  };
  const child = await startStandin({
    standinPort: port,
    appUrl: tenant.appUrl,
    clientId: tenant.clientId,
    clientSecret: tenant.clientSecret,
    adminSecret: tenant.adminSecret,
    extraEnv: { STANDIN_API: generation, ...extraEnv },
  });
  return { ...tenant, child };
}

/** The deployment's environment for a tenant (what an operator would have set). */
const deployment = (tenant: Tenant, extra: Record<string, string> = {}) => ({
  PROVIDER_URL: tenant.url,
  PUBLIC_URL: tenant.appUrl,
  CLIENT_ID: tenant.clientId,
  CLIENT_SECRET: tenant.clientSecret,
  SESSION_SECRET: randomSecret(),
  ADMIN_CLIENT_ID: STANDIN_ADMIN_CLIENT_ID,
  ADMIN_CLIENT_SECRET: tenant.adminSecret,
  PROVIDER_API: 'current',
  TENANT_CHECK_EMAIL: '',
  TENANT_CHECK_PASSWORD: '',
  ...extra,
});

/** The result column of one row of tenant:check's table. */
const row = (output: string, name: string) => new RegExp(`^${name}\\s+(PASS|FAIL|UNKNOWN|WARN)\\b`, 'm').exec(output)?.[1];

const tenants: Tenant[] = [];
test.afterAll(() => {
  for (const tenant of tenants) tenant.child.kill('SIGTERM');
});

test('a fresh tenant fails the check; tenant:setup shows the change, writes it only with --apply, once; then every check passes', async () => {
  // Six runs of the operator's scripts, each a Node process of its own, the last a whole sign-in.
  test.slow();
  const tenant = await freshTenant('current');
  tenants.push(tenant);
  const env = deployment(tenant);

  const before = await runTenantScript('tenant-check', { env });
  expect(before.code, before.output).toBe(1);
  expect(row(before.output, 'Login page is this deployment')).toBe('FAIL');
  expect(before.output).toContain('npm run tenant:setup');
  expect(row(before.output, 'Discovery')).toBe('PASS');
  expect(row(before.output, 'Client and redirect URI')).toBe('PASS');

  const dryRun = await runTenantScript('tenant-setup', { env });
  expect(dryRun.code, dryRun.output).toBe(0);
  expect(dryRun.output).toContain('does not exist yet');
  expect(dryRun.output).toMatch(/login\s+en\s+\(tenant default\) → http:\/\/127\.0\.0\.1:\d+\//);
  expect(dryRun.output).toContain('Dry run: nothing was written.');
  expect(row((await runTenantScript('tenant-check', { env })).output, 'Login page is this deployment'), 'the dry run wrote nothing').toBe('FAIL');

  const applied = await runTenantScript('tenant-setup', { env, args: ['--apply'] });
  expect(applied.output).toContain('Written: 14 pages changed.');
  const again = await runTenantScript('tenant-setup', { env, args: ['--apply'] });
  expect(again.output).toContain('already up to date: nothing to change.');
  expect(again.output).not.toContain('Written');

  // A test account with several sales organisations: signed in to tokens, the first group chosen.
  const report = test.info().outputPath('tenant-check-record.json');
  const after = await runTenantScript('tenant-check', {
    env: { ...env, TENANT_CHECK_EMAIL: 'groups.many+tenant-check@example.com', TENANT_CHECK_PASSWORD: 'KitchenDemo2026' },
    args: ['--record', report],
  });
  expect(after.code, after.output).toBe(0);
  for (const name of [
    'Configuration',
    'Discovery',
    'Signing keys \\(JWKS\\)',
    'Client and redirect URI',
    'Login page is this deployment',
    'Client information',
    'Identity providers',
    'Registration settings',
    'Registration field list',
    'Reset API generation',
    'Unknown address',
    'E-mail step',
    'Password check',
    'Sign-in to tokens',
    'Scopes granted',
    'Registration scopes',
    'Refresh token',
    'Group claim',
    'Refresh token revocation',
  ]) {
    expect(row(after.output, name), `${name}\n${after.output}`).toBe('PASS');
  }
  expect(after.output).toContain('the chosen group (claim selected_group) is in: access token');
  // The stand-in's providers in its order (no IDENTITY_PROVIDERS_FIRST here); the hidden one has no button.
  expect(after.output).toMatch(/Registration field list\s+PASS\s+\d+ fields from \/user-srv\/public\/fields \(4\.x\)/);
  // The stand-in's tenant has German texts, French for one field, and English as its fallback: a warning, no failure.
  expect(row(after.output, 'Registration field texts')).toBe('WARN');
  expect(after.output).toContain('no text in cs-CZ, es-ES, it-IT, ja-JP, pl-PL, pt-BR, sv-SE, tr-TR, zh-CN for: email, given_name, family_name,');
  expect(after.output).toMatch(
    /^ +no text in fr-FR for: email, given_name, family_name, mobile_number, password, password_echo, birthdate, contact_preference,/m,
  );
  expect(after.output).toContain('self-registration on, invitations on, no captcha');
  expect(after.output).toContain('cidaas:register and cidaas:invite granted');
  expect(after.output).toContain('2 buttons on the e-mail step: "Google" (google, social), "Acme Corp SSO" (acme-saml, SAML)');
  expect(after.output).toMatch(/^ {2}identity provider lists in the client information: login_providers, custom_providers, saml_providers, ad_providers$/m);
  // What this tenant settled of the contract's unknowns, and the report an operator sends.
  expect(after.output).toContain('Settled by this tenant (docs/provider-contract.md §7):');
  expect(after.output).toMatch(/^ {2}user-existence answer for an unknown address: HTTP 200, action register$/m);
  expect(after.output).toMatch(/^ {2}token naming the chosen group: access token$/m);
  expect(after.output).toMatch(/^ {2}group_selection page parameters: requestId, sub, track_id$/m);
  const recorded = JSON.parse(readFileSync(report, 'utf8')) as { answers: Array<{ operation: string; path: string; body?: unknown }> };
  expect(recorded.answers.map((a) => a.operation)).toEqual(expect.arrayContaining(['users.checkExists', 'verification.authenticate', 'tenant-check.continue']));
  const text = JSON.stringify(recorded);
  for (const secret of ['groups.many+tenant-check', 'KitchenDemo2026', env.CLIENT_SECRET, 'eyJ']) expect(text, 'no values in the report').not.toContain(secret);
  expect(after.output).toContain(`Recorded ${recorded.answers.length} answers (shapes only, no values) to ${report}`);
  console.log(`tenant:check against the stand-in (current API), after tenant:setup:\n${after.output}`);
});

test('a client without the groups scope and without refresh tokens: the check says what to configure, and how sessions renew', async () => {
  const tenant = await freshTenant('current', { STANDIN_CLIENT_SCOPES: 'openid email profile', STANDIN_REFRESH_TOKENS: 'off' });
  tenants.push(tenant);
  const env = deployment(tenant, { TENANT_CHECK_EMAIL: 'groups.many+tenant-scopes@example.com', TENANT_CHECK_PASSWORD: 'KitchenDemo2026' });
  await runTenantScript('tenant-setup', { env, args: ['--apply'] });
  const check = await runTenantScript('tenant-check', { env });
  expect(check.code, check.output).toBe(1);
  expect(row(check.output, 'Scopes granted')).toBe('FAIL');
  expect(check.output).toContain('groups and roles missing');
  expect(check.output).toContain("Allow groups, roles among the client's scopes");
  expect(row(check.output, 'Refresh token')).toBe('PASS');
  expect(check.output).toContain('not issued: sessions renew by a silent authorization request (prompt=none)');
  expect(row(check.output, 'Refresh token revocation')).toBe('UNKNOWN');
  // Neither onboarding scope: registration and invitations are on for the client, so both are needed.
  expect(row(check.output, 'Registration scopes')).toBe('FAIL');
  expect(check.output).toContain('not granted: cidaas:register (self-registration), cidaas:invite (invitations). Add cidaas:register and cidaas:invite');
});

test('a tenant that suggests a passkey to a deployment with passkeys off fails the check, and says what to change (D64)', async () => {
  const tenant = await freshTenant('current');
  tenants.push(tenant);
  const env = deployment(tenant, { TENANT_CHECK_EMAIL: 'passkey.enrol+tenant-check@example.com', TENANT_CHECK_PASSWORD: 'KitchenDemo2026', PASSKEYS: 'off' });
  await runTenantScript('tenant-setup', { env, args: ['--apply'] });
  const check = await runTenantScript('tenant-check', { env });
  expect(check.code, check.output).toBe(1);
  expect(row(check.output, 'Passkey suggestion')).toBe('FAIL');
  expect(check.output).toContain('set PASSKEYS=on, or remove FIDO2');
});

test('a misconfigured deployment fails the check and says what to change', async () => {
  const tenant = await freshTenant('current');
  tenants.push(tenant);
  await runTenantScript('tenant-setup', { env: deployment(tenant), args: ['--apply'] });

  // PUBLIC_URL is not where the tenant's client sends its callback.
  const elsewhere = await runTenantScript('tenant-check', { env: deployment(tenant, { PUBLIC_URL: 'http://127.0.0.1:9' }) });
  expect(elsewhere.code).toBe(1);
  expect(row(elsewhere.output, 'Client and redirect URI')).toBe('FAIL');
  expect(elsewhere.output).toContain('register http://127.0.0.1:9/auth/callback as a redirect URI');
  expect(row(elsewhere.output, 'Login page is this deployment')).toBe('UNKNOWN');

  // The tenant speaks the current API, the deployment is set to the legacy one.
  const generation = await runTenantScript('tenant-check', { env: deployment(tenant, { PROVIDER_API: 'legacy' }) });
  expect(row(generation.output, 'Reset API generation')).toBe('FAIL');
  expect(generation.output).toContain('set PROVIDER_API=current');

  // A bad configuration is reported before anything is called.
  const broken = await runTenantScript('tenant-check', { env: deployment(tenant, { SESSION_SECRET: 'short', PROVIDER_URL: 'ftp://x' }) });
  expect(broken.code).toBe(1);
  expect(row(broken.output, 'Configuration')).toBe('FAIL');
  expect(broken.output).toContain('SESSION_SECRET');
  expect(broken.output).toContain('PROVIDER_URL');
});

test('a legacy tenant passes with PROVIDER_API=legacy', async () => {
  const tenant = await freshTenant('legacy');
  tenants.push(tenant);
  const env = deployment(tenant, { PROVIDER_API: 'legacy' });
  await runTenantScript('tenant-setup', { env, args: ['--apply'] });
  const check = await runTenantScript('tenant-check', { env });
  expect(check.code, check.output).toBe(0);
  expect(row(check.output, 'Reset API generation')).toBe('PASS');
  // The legacy tenant serves only the field list every SDK reads.
  expect(check.output).toMatch(/Registration field list\s+PASS\s+\d+ fields from \/registration-setup-srv\/public\/list/);
  console.log(`tenant:check against the stand-in (legacy API):\n${check.output}`);
});
