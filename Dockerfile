# syntax=docker/dockerfile:1.7
# The sign-in front end as one Node 24 LTS container: build stage with the full dependency set,
# runtime stage with only Next's standalone output (server, traced node_modules, static files,
# public/, and server/entry.mjs as entry.mjs), run as the unprivileged `node` user.
#
#   docker build --build-arg DEPLOYMENT_ID=$(git rev-parse --short HEAD) \
#     --secret id=actions_key,env=NEXT_SERVER_ACTIONS_ENCRYPTION_KEY -t signin:$(git rev-parse --short HEAD) .
#
# DEPLOYMENT_ID marks the build, so a browser holding a page of another build reloads instead of
# mixing builds. The server-action key is optional for one image run as several replicas (they
# share the image's key); pass it when several images of one release must understand each other.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG DEPLOYMENT_ID
ENV DEPLOYMENT_ID=${DEPLOYMENT_ID}
RUN --mount=type=secret,id=actions_key,required=false \
    if [ -s /run/secrets/actions_key ]; then export NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$(cat /run/secrets/actions_key)"; fi; \
    npm run build

# The synthetic sign-in (deploy/kubernetes/synthetic-signin.yaml): tenant:check from the same
# sources as the app, run by Node from its TypeScript (scripts/ts-paths.mjs), with the production
# dependencies only: `docker build --target tenant-check …`. The last stage, the default, is the server.
FROM ${NODE_IMAGE} AS tenant-check
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund
COPY tsconfig.json ./
COPY lib ./lib
COPY scripts ./scripts
COPY server ./server
COPY messages ./messages
USER node
CMD ["node", "--import", "./scripts/ts-paths.mjs", "scripts/tenant-check.ts"]

FROM ${NODE_IMAGE} AS runtime
# The build's id at run time too: signin_build_info names it (docs/operations.md "Metrics").
ARG DEPLOYMENT_ID
# NODE_OPTIONS: the server's Node flags, the same the tests and the benchmark run it with
# (scripts/processes.mjs SERVER_NODE_OPTIONS): smaller V8 semi-spaces than the default, about
# 90 MB less resident memory when warm (bench/rss-experiments.md), and the old generation capped
# at 256 MB, half the manifest's 512 MiB limit, so V8 collects long before the OOM killer acts
# (docs/benchmarks.md "Memory under the container's limit"; change it with the limit). Setting
# NODE_OPTIONS at run time replaces them.
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    DEPLOYMENT_ID=${DEPLOYMENT_ID} \
    NODE_OPTIONS="--max-semi-space-size=8 --max-old-space-size=256" \
    PORT=3000 \
    HOSTNAME=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
# 3000: the pages; 9464: Prometheus metrics (METRICS_PORT, set in the Kubernetes ConfigMap), never public.
EXPOSE 3000 9464
# Liveness only (the process answers); readiness, which also asks the provider, is /readyz.
HEALTHCHECK --interval=15s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# Exec form: node runs as PID 1 and receives SIGTERM itself (the graceful shutdown
# in entry.mjs). The same command the tests run: node .next/standalone/entry.mjs.
CMD ["node", "entry.mjs"]
