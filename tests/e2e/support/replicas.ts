import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { configureStandin, freePort, randomSecret, startApp, startStandin } from '../../../scripts/processes.mjs';

export type Replicas = {
  url: string;
  standinUrl: string;
  /** Stops the shared Redis (the store going away mid-run); undefined without one. */
  stopRedis?: () => Promise<void>;
  /** Pauses the shared Redis (SIGSTOP: connected, answering nothing) and lets it go on (SIGCONT). */
  pauseRedis?: (paused: boolean) => void;
  /** What each replica printed (its request log among it). */
  outputs: [() => string, () => string];
  /** Each replica's own metrics address (host:port), with `metrics`. */
  metricsTargets?: [string, string];
  /** The settings the replicas share (provider, client, secrets): what an operator's tool run beside them gets. */
  env: Record<string, string>;
  /** Points the stand-in's hosted login page elsewhere (its tenant changed by an administrator). */
  moveLoginPage: (appUrl: string) => Promise<void>;
  stop: () => Promise<void>;
};

const NGINX = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => p && existsSync(p));
const REDIS = [process.env.REDIS_SERVER_PATH, '/usr/bin/redis-server'].find((p) => p && existsSync(p));

/** A Redis of the test's own on loopback, nothing written to disk. */
async function startRedis(port: number): Promise<ChildProcess> {
  if (!REDIS) throw new Error('redis-server not found: run `node scripts/ensure-test-tools.mjs` (npm test does)');
  const redis = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return redis;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  redis.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

/**
 * Two app processes from the one build behind Debian's nginx (round-robin, as a load balancer
 * without sticky sessions), with a stand-in of their own whose login page is nginx's address.
 * `secrets` are the two replicas' SESSION_SECRET lists: the same for a real deployment. With
 * `redis`, the replicas share their limits through a Redis of their own; `env` adds settings.
 */
export async function startReplicas(
  secrets: [string, string],
  options: { redis?: boolean; env?: Record<string, string>; metrics?: boolean } = {},
): Promise<Replicas> {
  if (!NGINX) throw new Error('nginx not found: run `node scripts/ensure-test-tools.mjs` (npm test does)');
  const [lbPort, standinPort, portA, portB, redisPort, metricsA, metricsB] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const metricsPorts = [metricsA, metricsB];
  const url = `http://127.0.0.1:${lbPort}`;
  const standinUrl = `http://127.0.0.1:${standinPort}`;
  const clientId = 'sales-portal-replicas';
  const clientSecret = randomSecret();
  const children: ChildProcess[] = [];
  const logs = ['', ''];
  let redis: ChildProcess | undefined;
  const adminSecret = randomSecret();
  const shared: Record<string, string> = { PROVIDER_URL: standinUrl, PUBLIC_URL: url, CLIENT_ID: clientId, CLIENT_SECRET: clientSecret };
  try {
    if (options.redis) {
      redis = await startRedis(redisPort);
      children.push(redis);
    }
    children.push(await startStandin({ standinPort, appUrl: url, clientId, clientSecret, adminSecret }));
    await configureStandin({ standinUrl: `http://127.0.0.1:${standinPort}`, appUrl: url, adminSecret });
    for (const [i, port] of [portA, portB].entries()) {
      children.push(
        await startApp({
          port,
          env: {
            ...shared,
            SESSION_SECRET: secrets[i],
            PROVIDER_TIMEOUT_MS: '4000',
            LOG_LEVEL: 'info',
            // nginx is the proxy: the client address is the one it forwards.
            TRUSTED_PROXIES: 'loopback',
            ...(redis ? { REDIS_URL: `redis://127.0.0.1:${redisPort}` } : {}),
            ...(options.metrics ? { METRICS_PORT: String(metricsPorts[i]), METRICS_HOST: '127.0.0.1' } : {}),
            ...options.env,
          },
          onOutput: (text) => (logs[i] += text),
        }),
      );
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'nginx-'));
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub));
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream replicas { server 127.0.0.1:${portA}; server 127.0.0.1:${portB}; }
  server {
    listen 127.0.0.1:${lbPort};
    location / {
      proxy_pass http://replicas;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      # The callback sets the signed-in session (tokens, up to a few cookies): nginx's default
      # 4-8 KB header buffer answers 502 to it. docs/operations.md "Load balancer" says the same to operators.
      proxy_buffer_size 32k;
      proxy_buffers 8 32k;
    }
  }
}
`,
    );
    const nginx = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
    children.push(nginx);
    for (let i = 0; i < 50; i++) {
      if (
        await fetch(`${url}/healthz`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    for (const child of children) child.kill('SIGTERM');
    throw error;
  }
  return {
    url,
    standinUrl,
    stopRedis: redis
      ? async () => {
          if (redis.exitCode !== null || redis.signalCode !== null) return;
          redis.kill('SIGKILL');
          await once(redis, 'exit');
        }
      : undefined,
    pauseRedis: redis ? (paused) => redis.kill(paused ? 'SIGSTOP' : 'SIGCONT') : undefined,
    outputs: [() => logs[0], () => logs[1]],
    metricsTargets: options.metrics ? [`127.0.0.1:${metricsA}`, `127.0.0.1:${metricsB}`] : undefined,
    env: { ...shared, SESSION_SECRET: secrets[0], ...options.env },
    moveLoginPage: (appUrl) => configureStandin({ standinUrl, appUrl, adminSecret }),
    async stop() {
      await Promise.all(
        children.map(async (child) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          await once(child, 'exit');
        }),
      );
    },
  };
}
