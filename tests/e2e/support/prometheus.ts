import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/processes.mjs';

/** Debian's prometheus and prometheus-pushgateway (scripts/ensure-test-tools.mjs installs them). */
const PROMETHEUS = [process.env.PROMETHEUS_PATH, '/usr/bin/prometheus'].find((p) => p && existsSync(p));
const PUSHGATEWAY = [process.env.PUSHGATEWAY_PATH, '/usr/bin/prometheus-pushgateway'].find((p) => p && existsSync(p));

type Server = { url: string; output: () => string; stop: () => Promise<void> };

async function startServer(binary: string | undefined, name: string, args: (port: number) => string[], ready: string): Promise<Server> {
  if (!binary) throw new Error(`${name} not found: run \`node scripts/ensure-test-tools.mjs\` (npm test does)`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(binary, args(port), { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${url}${ready}`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return { url, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${name} did not start:\n${output}`);
}

/** A Pushgateway on loopback, kept in memory only (Debian's build persists to /var/lib by default). */
export const startPushgateway = () =>
  startServer(
    PUSHGATEWAY,
    'prometheus-pushgateway',
    (port) => [`--web.listen-address=127.0.0.1:${port}`, '--persistence.file=', '--log.level=warn'],
    '/-/ready',
  );

/**
 * A Prometheus of the test's own: scrapes the `signin` targets (each replica's metrics port) and
 * the Pushgateway (with honor_labels, as its own documentation asks) every second, and evaluates
 * `ruleFile` every second.
 */
export async function startPrometheus(args: {
  signinTargets: string[];
  pushgateway: string;
  ruleFile: string;
}): Promise<Server & { query: (q: string) => Promise<Sample[]> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'prometheus-'));
  const config = {
    global: { scrape_interval: '1s', evaluation_interval: '1s' },
    rule_files: [path.resolve(args.ruleFile)],
    scrape_configs: [
      { job_name: 'signin', static_configs: [{ targets: args.signinTargets }] },
      { job_name: 'pushgateway', honor_labels: true, static_configs: [{ targets: [new URL(args.pushgateway).host] }] },
    ],
  };
  // JSON is YAML: Prometheus reads it as its configuration file.
  writeFileSync(path.join(dir, 'prometheus.yml'), JSON.stringify(config, null, 2));
  const server = await startServer(
    PROMETHEUS,
    'prometheus',
    (port) => [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    '/-/ready',
  );
  const query = async (q: string): Promise<Sample[]> => {
    const response = await fetch(`${server.url}/api/v1/query?${new URLSearchParams({ query: q })}`);
    const body = (await response.json()) as {
      status: string;
      error?: string;
      data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
    };
    if (body.status !== 'success') throw new Error(`query ${q}: ${body.error}`);
    return body.data.result.map((r) => ({ labels: r.metric, value: Number(r.value[1]) }));
  };
  return {
    ...server,
    query,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Sample = { labels: Record<string, string>; value: number };
