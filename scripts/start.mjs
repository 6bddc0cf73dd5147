// `npm start`: builds when needed and runs the app. Without PROVIDER_URL it also starts the
// stand-in provider with demo accounts and fills the configuration for it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { configureStandin, DEMO_FOOTER_LINKS, randomSecret, startApp, startStandin } from './processes.mjs';

const root = new URL('..', import.meta.url);
const port = Number(process.env.PORT ?? 3000);
const standinPort = Number(process.env.STANDIN_PORT ?? 4000);

if (!existsSync(new URL('.next/standalone/entry.mjs', root)) || process.env.REBUILD === '1') {
  console.log('Building the app (once; set REBUILD=1 to force)…');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
}

const children = [];
const relay = (text, isErr) => (isErr ? process.stderr : process.stdout).write(text);
const env = {};

if (!process.env.PROVIDER_URL) {
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  const clientId = 'sales-portal-demo';
  const clientSecret = randomSecret();
  const adminSecret = randomSecret();
  children.push(await startStandin({ standinPort, appUrl: publicUrl, clientId, clientSecret, adminSecret, onOutput: relay }));
  // Point the stand-in's hosted pages here, as an operator does for a real tenant (docs/tenant.md).
  await configureStandin({ standinUrl: `http://127.0.0.1:${standinPort}`, appUrl: publicUrl, adminSecret });
  Object.assign(env, {
    PROVIDER_URL: `http://127.0.0.1:${standinPort}`,
    PUBLIC_URL: publicUrl,
    CLIENT_ID: clientId,
    CLIENT_SECRET: clientSecret,
    SESSION_SECRET: process.env.SESSION_SECRET ?? randomSecret(),
    FOOTER_LINKS: process.env.FOOTER_LINKS ?? DEMO_FOOTER_LINKS,
    SELF_SERVICE_URL: process.env.SELF_SERVICE_URL ?? 'https://www.example.com/profile',
  });
}

children.push(await startApp({ port, env, onOutput: relay }));

const publicUrl = process.env.PUBLIC_URL ?? env.PUBLIC_URL ?? `http://localhost:${port}`;
console.log(`\nSign-in front end: open ${publicUrl}/`);
if (env.PROVIDER_URL) {
  const seed = JSON.parse(readFileSync(new URL('tests/provider/seed.json', root), 'utf8'));
  console.log(`Stand-in provider: ${env.PROVIDER_URL} (outbox: ${env.PROVIDER_URL}/__standin/outbox)`);
  console.log('Demo accounts:');
  for (const account of seed.accounts) {
    // "name*@domain" seeds are families: the bare address works, and so does name+anything@domain.
    const email = account.email.replace('+*', '+demo').replace('*', '');
    const groups = account.groups?.length ?? account.generatedGroups ?? 0;
    const notes = [
      account.status !== 'active' ? account.status : '',
      groups > 0 ? `${groups} group${groups === 1 ? (account.askSingleGroup ? ', asked' : ', not asked') : 's'}` : '',
      account.mfaRequired ? 'second factor' : '',
      account.precheckOrder === 'group-first' ? 'group before second factor' : '',
      account.loginSuccessPage ? 'login_success page' : '',
    ].filter(Boolean);
    console.log(`  ${email.padEnd(32)} password ${account.password ?? '(none)'}${notes.length ? `  [${notes.join(', ')}]` : ''}`);
  }
  console.log(`  TOTP secret for mfa.totp / mfa.all: ${seed.totpSecret}; anyone@federated.example is redirected`);
}

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.once('exit', (code) => {
    if (code && code !== 0) {
      console.error(`a process exited with code ${code}; stopping`);
      stop();
    }
  });
