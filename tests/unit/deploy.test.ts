import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { describe, expect, test, vi } from 'vitest';
import { parseAllDocuments } from 'yaml';

/**
 * No Docker engine or cluster runs here, so these pin what the tests cannot run: the image runs
 * the very entry the end-to-end tests run, and the manifests (read as YAML, as kubectl reads
 * them) agree with the app's settings and keep to what docs/operations.md "Kubernetes" promises.
 */
const read = (path: string) => readFileSync(path, 'utf8');

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a manifest is any shape
/** Every document of a manifest file, parsed. */
const manifests = (file: string): Doc[] => parseAllDocuments(read(`deploy/kubernetes/${file}`)).map((d) => d.toJS() as Doc);
const manifest = (file: string, kind: string): Doc => {
  const found = manifests(file).filter((d) => d.kind === kind);
  expect(found, `${file}: one ${kind}`).toHaveLength(1);
  return found[0]!;
};

describe('the container image', () => {
  const dockerfile = read('Dockerfile');

  test('Node 24 LTS slim, multi-stage, non-root, health check, exec-form start of entry.mjs', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-[a-z]+-slim$/m);
    // build, the synthetic sign-in's image, and the server last (the default target).
    expect(dockerfile.match(/^FROM .* AS (\S+)$/gm)).toEqual([
      'FROM ${NODE_IMAGE} AS build',
      'FROM ${NODE_IMAGE} AS tenant-check',
      'FROM ${NODE_IMAGE} AS runtime',
    ]);
    expect(dockerfile).toMatch(/^COPY --from=build --chown=node:node \/app\/\.next\/standalone \.\/$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(dockerfile).toMatch(/^CMD \["node", "entry\.mjs"\]$/m);
  });

  test('the image runs the server with the Node flags the tests and the benchmark use', async () => {
    const { SERVER_NODE_OPTIONS } = await import('../../scripts/processes.mjs');
    expect(dockerfile).toContain(`NODE_OPTIONS="${SERVER_NODE_OPTIONS}"`);
  });

  test("the synthetic sign-in's image runs tenant:check as npm runs it, with every source it imports", () => {
    const stage = dockerfile.slice(dockerfile.indexOf('AS tenant-check'), dockerfile.indexOf('AS runtime'));
    const script = JSON.parse(read('package.json')).scripts['tenant:check'] as string;
    const command = JSON.parse(/^CMD (\[.*\])$/m.exec(stage)![1]!) as string[];
    expect(command.join(' ')).toBe(script);
    expect(stage).toContain('npm ci --omit=dev');
    for (const dir of ['lib', 'scripts', 'server']) expect(stage).toContain(`COPY ${dir} ./${dir}`);
    expect(stage).toMatch(/^USER node$/m);
  });

  test("the build puts server/entry.mjs and every module beside it into the standalone output, and the tests start that file (the image's CMD)", async () => {
    // scripts/copy-standalone-assets.mjs run in a copy of the layout it works on.
    const root = mkdtempSync(join(tmpdir(), 'standalone-'));
    for (const dir of ['scripts', 'server', '.next/standalone', '.next/static/chunks']) mkdirSync(join(root, dir), { recursive: true });
    cpSync('scripts/copy-standalone-assets.mjs', join(root, 'scripts/copy-standalone-assets.mjs'));
    cpSync('server', join(root, 'server'), { recursive: true });
    writeFileSync(join(root, '.next/static/chunks/a.js'), '');
    const run = spawnSync(process.execPath, [join(root, 'scripts/copy-standalone-assets.mjs')], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const modules = readdirSync('server').filter((file) => file.endsWith('.mjs'));
    for (const file of modules) expect(read(join(root, '.next/standalone', file)), file).toBe(read(join('server', file)));
    expect(readdirSync(join(root, '.next/standalone/.next/static/chunks'))).toEqual(['a.js']);

    // The tests' app is that entry, run by Node from the repository (what the image's CMD runs in /app).
    // A child that exits at once: startApp rejects, and no timer of its is left behind.
    const child = {
      stdout: { on: vi.fn() },
      stderr: { on: vi.fn() },
      exitCode: 1,
      once: (event: string, exited: (code: number) => void) => event === 'exit' && exited(1),
    };
    const spawned = vi.fn(() => child);
    vi.doMock('node:child_process', async (original) => ({ ...(await original<typeof import('node:child_process')>()), spawn: spawned }));
    vi.resetModules();
    const { startApp } = await import('../../scripts/processes.mjs');
    await expect(startApp({ port: 1, env: {} })).rejects.toThrow('app exited with code 1 before it was ready');
    expect(spawned).toHaveBeenCalledWith(process.execPath, ['.next/standalone/entry.mjs'], expect.anything());
    vi.doUnmock('node:child_process');
  });
});

describe('the Kubernetes manifests', () => {
  const deployment = manifest('deployment.yaml', 'Deployment');
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const configMap = manifest('configmap.yaml', 'ConfigMap').data as Record<string, string>;
  const secret = manifest('secret.example.yaml', 'Secret').stringData as Record<string, string>;
  const ports = Object.fromEntries((container.ports as Array<{ name: string; containerPort: number }>).map((p) => [p.name, p.containerPort]));

  test('two or more replicas, probes on /readyz and /healthz, a preStop pause, a PodDisruptionBudget, every file in the kustomization', () => {
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.lifecycle.preStop.exec.command[0]).toBe('node');
    expect(manifest('pdb.yaml', 'PodDisruptionBudget').spec.selector).toEqual(deployment.spec.selector);
    expect(manifest('kustomization.yaml', 'Kustomization').resources).toEqual(
      expect.arrayContaining(['configmap.yaml', 'deployment.yaml', 'service.yaml', 'pdb.yaml', 'ingress.yaml', 'networkpolicy.yaml']),
    );
  });

  test("the grace period covers the preStop pause plus the app's own shutdown grace", () => {
    const preStopMs = Number(/setTimeout\(\(\) => \{\}, (\d+)\)/.exec(container.lifecycle.preStop.exec.command.at(-1))![1]);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(Number(configMap.SHUTDOWN_GRACE_MS) + preStopMs);
  });

  test('no service-account token in the pods: the app and the synthetic sign-in never call the Kubernetes API', () => {
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(manifest('synthetic-signin.yaml', 'CronJob').spec.jobTemplate.spec.template.spec.automountServiceAccountToken).toBe(false);
  });

  test('the proxies trusted are single addresses (the ingress controller pods), not a range any other pod could send from', () => {
    const trusted = configMap.TRUSTED_PROXIES!.split(',').map((entry) => entry.trim());
    expect(trusted.length).toBeGreaterThan(0);
    for (const entry of trusted) {
      expect(ipaddr.isValid(entry) || (ipaddr.isValidCIDR(entry) && ipaddr.parseCIDR(entry)[1] === (entry.includes(':') ? 128 : 32)), entry).toBe(true);
    }
  });

  test('the app port only from the ingress controller, the metrics port only from the monitoring namespace', () => {
    const policy = manifests('networkpolicy.yaml').find((d) => d.kind === 'NetworkPolicy' && d.metadata.name === 'signin')!;
    expect(policy.spec.podSelector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(policy.spec.policyTypes).toEqual(['Ingress']);
    const rules = policy.spec.ingress as Array<{ from?: Doc[]; ports?: Array<{ port: string | number; protocol: string }> }>;
    // Every rule names its peers and its ports: none lets anyone in, or in on any port.
    for (const rule of rules) {
      expect(rule.from?.length, JSON.stringify(rule)).toBeGreaterThan(0);
      expect(rule.ports?.length, JSON.stringify(rule)).toBeGreaterThan(0);
    }
    const peersOf = (port: string) => rules.filter((r) => r.ports!.some((p) => p.port === port || p.port === ports[port])).flatMap((r) => r.from!);
    expect(peersOf('http')).toEqual([
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } },
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'ingress-nginx', 'app.kubernetes.io/component': 'controller' } },
      },
    ]);
    expect(peersOf('metrics')).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }]);
    // Only the two ports the container has.
    expect(rules.flatMap((r) => r.ports!.map((p) => p.port)).sort()).toEqual(['http', 'metrics']);
    expect(Object.keys(ports).sort()).toEqual(['http', 'metrics']);
  });

  test('the shared store only from the app, and with a password: REDIS_URL names one, in the Secret, not the ConfigMap', () => {
    const policy = manifests('networkpolicy.yaml').find((d) => d.kind === 'NetworkPolicy' && d.metadata.name === 'signin-redis')!;
    expect(policy.spec.policyTypes).toEqual(['Ingress']);
    expect(policy.spec.ingress).toEqual([
      { from: [{ podSelector: { matchLabels: deployment.spec.selector.matchLabels } }], ports: [{ protocol: 'TCP', port: 6379 }] },
    ]);
    expect(configMap).not.toHaveProperty('REDIS_URL');
    const store = new URL(secret.REDIS_URL!);
    expect(store.protocol).toMatch(/^rediss?:$/);
    expect(store.password).not.toBe('');
    expect(Number(store.port || 6379)).toBe(6379);
  });

  test("the synthetic sign-in's CronJob: one run at a time, its result pushed, none of the deployment's secrets", () => {
    const cronJob = manifest('synthetic-signin.yaml', 'CronJob');
    expect(cronJob.spec.concurrencyPolicy).toBe('Forbid');
    const [check] = cronJob.spec.jobTemplate.spec.template.spec.containers as Doc[];
    const envFrom = check!.envFrom as Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
    const env = check!.env as Array<{ name: string; value?: string; valueFrom?: Doc }>;
    // The deployment's settings from its ConfigMap; secrets only from the job's own Secret.
    expect(envFrom).toEqual([{ configMapRef: { name: 'signin' } }, { secretRef: { name: 'signin-synthetic' } }]);
    expect(env.map((e) => e.name)).toEqual(expect.arrayContaining(['TENANT_CHECK_PUSHGATEWAY_URL']));
    expect(env.map((e) => e.name)).not.toEqual(expect.arrayContaining(['SESSION_SECRET']));
    for (const name of ['SESSION_SECRET', 'CLIENT_SECRET', 'CLIENT_ID', 'TENANT_CHECK_EMAIL', 'TENANT_CHECK_PASSWORD', 'TENANT_CHECK_TOTP_SECRET']) {
      expect(
        env.find((e) => e.name === name),
        name,
      ).toBeUndefined();
    }
    expect(env.filter((e) => e.valueFrom?.secretKeyRef?.name === 'signin')).toEqual([]);
    // The ConfigMap it reads holds no secret either.
    for (const name of ['SESSION_SECRET', 'CLIENT_SECRET', 'REDIS_URL']) expect(configMap, name).not.toHaveProperty(name);
  });

  test('the example Secret holds placeholders only', () => {
    expect(Object.keys(secret).sort()).toEqual(['CLIENT_ID', 'CLIENT_SECRET', 'REDIS_URL', 'SESSION_SECRET']);
    for (const [name, value] of Object.entries(secret)) expect(value, name).toMatch(/replace-me/);
    expect(container.envFrom).toEqual([{ configMapRef: { name: 'signin' } }, { secretRef: { name: 'signin' } }]);
  });
});
