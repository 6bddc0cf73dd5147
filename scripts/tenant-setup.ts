// `npm run tenant:setup [-- --apply]`: points the tenant's hosted-page group at this deployment
// (docs/tenant.md; docs/provider-contract.md §4, §6). A dry run by default: it
// reads the group and prints what would change; with --apply it writes the group. Running it
// again changes nothing.
//
// Environment: PROVIDER_URL and PUBLIC_URL (as the deployment has them), ADMIN_CLIENT_ID and
// ADMIN_CLIENT_SECRET (a client with the scopes cidaas:hosted_pages_read and
// cidaas:hosted_pages_write), HOSTED_PAGE_GROUP (default sales-portal-signin).
import { randomBytes } from 'node:crypto';

const apply = process.argv.includes('--apply');
const env = process.env;
// The provider client reads the deployment's whole configuration; the session secret and the
// deployment's own client play no part in writing hosted pages.
env.SESSION_SECRET ||= randomBytes(32).toString('base64url');
env.CLIENT_ID ||= 'unused-by-tenant-setup';
env.CLIENT_SECRET ||= 'unused-by-tenant-setup';
env.LOG_LEVEL ||= 'silent';

const missing = ['PROVIDER_URL', 'PUBLIC_URL', 'ADMIN_CLIENT_ID', 'ADMIN_CLIENT_SECRET'].filter((name) => !env[name]);
if (missing.length > 0) {
  console.error(`tenant:setup: set ${missing.join(', ')} (see docs/tenant.md).`);
  process.exit(2);
}

const { ConfigError, getConfig } = await import('../lib/config.ts');
const { adminToken, plannedGroup, readGroup, writeGroup, tenantPages } = await import('../lib/provider/hosted-pages.ts');
const { describeFailure } = await import('./tenant-report.ts');

try {
  const config = getConfig();
  const name = env.HOSTED_PAGE_GROUP || 'sales-portal-signin';
  const token = await adminToken(env.ADMIN_CLIENT_ID!, env.ADMIN_CLIENT_SECRET!);
  const existing = await readGroup(token, name);
  const { group, changes } = plannedGroup(existing, name, config.publicUrl);

  console.log(
    `Hosted-page group "${name}" at ${config.providerOrigin} (${existing ? 'exists' : 'does not exist yet'}), pages served by ${config.publicOrigin}:`,
  );
  if (changes.length === 0) {
    console.log('  already up to date: nothing to change.');
  } else {
    for (const change of changes) {
      console.log(`  ${change.id.padEnd(22)} ${change.locale.padEnd(6)} ${change.before ?? '(tenant default)'} → ${change.after}`);
    }
  }
  console.log(`  left to the tenant's own pages: ${tenantPages().join(', ')}`);

  if (changes.length > 0 && apply) {
    await writeGroup(token, group);
    console.log(`Written: ${changes.length} page${changes.length === 1 ? '' : 's'} changed.`);
  } else if (changes.length > 0) {
    console.log('Dry run: nothing was written. Run `npm run tenant:setup -- --apply` to write these changes.');
  }
  console.log(`Then set the client application's hosted_page_group to "${name}" in the cidaas admin (Apps → the client → hosted pages), if it is not already.`);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(`tenant:setup failed: ${describeFailure(error)}`);
  }
  process.exit(1);
}
