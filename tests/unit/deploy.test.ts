import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

/**
 * No Docker engine or cluster runs here, so these pin what the tests cannot run: the image runs
 * the very command the end-to-end tests run, and the manifests agree with the app's settings.
 */
const read = (path: string) => readFileSync(path, 'utf8');

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
    const command = JSON.parse(/^CMD (\[.*\])$/m.exec(stage)![1]) as string[];
    expect(command.join(' ')).toBe(script);
    expect(stage).toContain('npm ci --omit=dev');
    for (const dir of ['lib', 'scripts', 'server']) expect(stage).toContain(`COPY ${dir} ./${dir}`);
    expect(stage).toMatch(/^USER node$/m);
  });

  test('entry.mjs in the image is the one the tests start', () => {
    expect(read('scripts/copy-standalone-assets.mjs')).toContain("cpSync(new URL('server/entry.mjs', root), new URL('entry.mjs', target))");
    expect(read('scripts/processes.mjs')).toContain("args: ['.next/standalone/entry.mjs']");
  });
});

describe('the Kubernetes manifests', () => {
  const deployment = read('deploy/kubernetes/deployment.yaml');
  const configMap = read('deploy/kubernetes/configmap.yaml');

  test('two or more replicas, probes on /readyz and /healthz, a preStop pause, a PodDisruptionBudget', () => {
    expect(Number(/^\s+replicas: (\d+)$/m.exec(deployment)![1])).toBeGreaterThanOrEqual(2);
    expect(deployment).toMatch(/readinessProbe:\n\s+httpGet: \{ path: \/readyz/);
    expect(deployment).toMatch(/livenessProbe:\n\s+httpGet: \{ path: \/healthz/);
    expect(deployment).toContain('preStop:');
    expect(read('deploy/kubernetes/pdb.yaml')).toContain('kind: PodDisruptionBudget');
    for (const file of ['configmap.yaml', 'deployment.yaml', 'service.yaml', 'pdb.yaml', 'ingress.yaml']) {
      expect(read('deploy/kubernetes/kustomization.yaml')).toContain(`- ${file}`);
    }
  });

  test("the grace period covers the preStop pause plus the app's own shutdown grace", () => {
    const grace = Number(/terminationGracePeriodSeconds: (\d+)/.exec(deployment)![1]);
    const appGraceMs = Number(/SHUTDOWN_GRACE_MS: "(\d+)"/.exec(configMap)![1]);
    const preStopMs = Number(/setTimeout\(\(\) => \{\}, (\d+)\)/.exec(deployment)![1]);
    expect(grace * 1000).toBeGreaterThan(appGraceMs + preStopMs);
  });

  test('the proxies trusted are named, not a whole private range any pod could send from', () => {
    const trusted = /TRUSTED_PROXIES: "([^"]*)"/.exec(configMap)![1];
    expect(trusted).not.toMatch(/uniquelocal|linklocal|loopback|^10\.0\.0\.0\/8$/);
    expect(configMap).toContain('kubectl get pods -n ingress-nginx');
  });

  test("the synthetic sign-in's CronJob: the deployment's own settings, the test account from its own Secret, one run at a time, its result pushed", () => {
    const cronJob = read('deploy/kubernetes/synthetic-signin.yaml');
    expect(cronJob).toContain('kind: CronJob');
    expect(cronJob).toContain('concurrencyPolicy: Forbid');
    for (const ref of ['configMapRef: { name: signin }', 'secretRef: { name: signin }', 'secretRef: { name: signin-synthetic }'])
      expect(cronJob).toContain(ref);
    expect(cronJob).toContain('TENANT_CHECK_PUSHGATEWAY_URL');
    // The account's settings only from the Secret: none set in the manifest itself.
    expect(cronJob).not.toMatch(/name: TENANT_CHECK_(EMAIL|PASSWORD|TOTP_SECRET)|^\s*TENANT_CHECK_(EMAIL|PASSWORD|TOTP_SECRET):/m);
    expect(cronJob).toContain('--target tenant-check');
  });

  test('secrets come from a Secret; the example holds placeholders only', () => {
    expect(deployment).toContain('secretRef: { name: signin }');
    expect(configMap).not.toMatch(/SESSION_SECRET|CLIENT_SECRET/);
    expect(read('deploy/kubernetes/secret.example.yaml')).toMatch(/SESSION_SECRET: "replace-me/);
  });
});
