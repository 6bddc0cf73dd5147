// Starting the stand-in and the standalone app as child processes, shared by `npm start` and the
// end-to-end harness. Each resolves once the process says it is listening.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function randomSecret() {
  return randomBytes(32).toString('base64url');
}

/**
 * Footer links for the demo and the tests (operators set FOOTER_LINKS themselves). The imprint
 * differs per language, as it does for the real product.
 */
export const DEMO_FOOTER_LINKS = JSON.stringify({
  dataProtection: { '*': 'https://www.example.com/privacy' },
  imprint: { '*': 'https://www.example.com/imprint', 'de-DE': 'https://www.example.com/de/impressum' },
  disclaimer: { '*': 'https://www.example.com/disclaimer' },
  termsOfUse: { '*': 'https://www.example.com/terms' },
});

/** Spawns a Node process and waits for a line matching `ready` on stdout. */
export function startProcess({ name, args, env, ready, probeUrl, timeoutMs = 30_000, onOutput }) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${name} did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    let resolved = false;
    const done = () => {
      if (resolved) return;
      resolved = true;
      clearTimeout(timer);
      resolve(child);
    };
    const watch = (stream, isErr) => {
      let buffer = '';
      stream.on('data', (chunk) => {
        const text = chunk.toString();
        onOutput?.(text, isErr);
        buffer += text;
        if (ready.test(buffer)) done();
      });
    };
    watch(child.stdout, false);
    watch(child.stderr, true);
    // A server logging above info (LOG_LEVEL=warn) never prints its ready line: it answers instead.
    const probe = async () => {
      while (probeUrl && !resolved && child.exitCode === null) {
        if (
          await fetch(probeUrl).then(
            (r) => r.ok,
            () => false,
          )
        )
          done();
        else await new Promise((r) => setTimeout(r, 250));
      }
    };
    void probe();
    child.once('exit', (code) => {
      if (!resolved) {
        clearTimeout(timer);
        reject(new Error(`${name} exited with code ${code} before it was ready`));
      }
    });
  });
}

/** The admin client every stand-in knows, for writing its hosted pages (tenant:setup). */
export const STANDIN_ADMIN_CLIENT_ID = 'standin-admin';

/**
 * The stand-in provider on `standinPort`, configured for an app at `appUrl`, with an admin client
 * (`adminSecret`) allowed to write its hosted pages. Like a fresh tenant it starts with no
 * hosted-page group: `configureStandin` points the group at the app, as an operator would.
 */
export function startStandin({ standinPort, appUrl, clientId, clientSecret, adminSecret, onOutput, extraEnv = {} }) {
  return startProcess({
    name: 'stand-in provider',
    args: ['tests/provider/server.ts'],
    env: {
      STANDIN_PORT: String(standinPort),
      STANDIN_APP_URL: appUrl,
      STANDIN_CLIENT_ID: clientId,
      STANDIN_CLIENT_SECRET: clientSecret,
      STANDIN_ADMIN_CLIENT_ID: STANDIN_ADMIN_CLIENT_ID,
      STANDIN_ADMIN_CLIENT_SECRET: adminSecret,
      ...extraEnv,
    },
    ready: /stand-in provider listening/,
    onOutput,
  });
}

/** Runs an operator script (scripts/tenant-*.ts) with `env`; resolves with its exit code and output. */
export function runTenantScript(script, { env, args = [] }) {
  const child = spawn(process.execPath, ['--import', './scripts/ts-paths.mjs', `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** Points the stand-in's hosted pages at the app with the operator's own command (tenant:setup --apply). */
export async function configureStandin({ standinUrl, appUrl, adminSecret, passkeys = false }) {
  const { code, output } = await runTenantScript('tenant-setup', {
    args: ['--apply'],
    env: {
      PROVIDER_URL: standinUrl,
      PUBLIC_URL: appUrl,
      ADMIN_CLIENT_ID: STANDIN_ADMIN_CLIENT_ID,
      ADMIN_CLIENT_SECRET: adminSecret,
      PASSKEYS: passkeys ? 'on' : 'off',
    },
  });
  if (code !== 0) throw new Error(`tenant:setup against the stand-in failed:\n${output}`);
}

/**
 * Node flags of the server, here and in the image (the Dockerfile's NODE_OPTIONS; a unit test
 * keeps the two alike). V8 otherwise lets its young generation grow to 64 MB, mostly empty,
 * which the process keeps resident; 8 MB semi-spaces hold the warm RSS about 90 MB lower, and
 * beat 4 MB on the server action's p99 and on throughput for 5 MB more (bench/rss-experiments.md).
 * The old generation is capped at 256 MB, half the container's 512 MiB limit: V8 collects before
 * the kernel's OOM killer would act, whether or not the runtime lets the process see its limit
 * (docs/benchmarks.md "Memory under the container's limit"; scale it with the limit).
 */
export const SERVER_NODE_OPTIONS = '--max-semi-space-size=8 --max-old-space-size=256';

/** NODE_OPTIONS for a server: ours first, then any the caller's environment sets. */
export function serverNodeOptions() {
  return [SERVER_NODE_OPTIONS, process.env.NODE_OPTIONS].filter(Boolean).join(' ');
}

/** The built standalone server, through its entry (the same command the Docker image runs). */
export function startApp({ port, env, onOutput }) {
  return startProcess({
    name: 'app',
    args: ['.next/standalone/entry.mjs'],
    env: { PORT: String(port), HOSTNAME: '127.0.0.1', NODE_ENV: 'production', NODE_OPTIONS: serverNodeOptions(), ...env },
    ready: /Ready in|started server|Local:/i,
    probeUrl: `http://${env.HOSTNAME ?? '127.0.0.1'}:${port}/healthz`,
    onOutput,
  });
}
