# syntax=docker/dockerfile:1
# One image for every process of a deployment (compose.yaml): the web server (the default command),
# `ops worker` and the one-off `ops migrate`. Stages: deps (pnpm install from the lockfile), build
# (turbo: Next.js and the compiled entry points), prod (dev dependencies and build caches dropped),
# runtime (slim Node 20, non-root).
ARG NODE_IMAGE=node:20-bookworm-slim
ARG PNPM_VERSION=12.21.0

FROM ${NODE_IMAGE} AS base
ARG PNPM_VERSION
ENV TURBO_TELEMETRY_DISABLED=1 NEXT_TELEMETRY_DISABLED=1
RUN npm install -g "pnpm@${PNPM_VERSION}" && npm cache clean --force
WORKDIR /app

# Packages are fetched from the lockfile alone, so this layer is reused until the lockfile changes.
FROM base AS deps
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store pnpm fetch --store-dir /pnpm/store
COPY . .
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --offline --store-dir /pnpm/store

FROM deps AS build
RUN pnpm exec turbo run build --filter=@vgen/web --filter=@vgen/ops

# The compiled entries import node_modules by relative path (apps/web/scripts/build-server.mjs) and
# read some files from the source tree (migrations, the render worker script), so the runtime keeps
# the workspace layout, without tests, benchmarks, clients (SDKs, the MCP server) and caches; `pnpm
# prune --prod` then drops the dev dependencies and every package only the removed folders needed.
FROM build AS prod
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    rm -rf e2e bench clients docs packages/sdk packages/mcp packages/*/test .turbo apps/web/.next/cache node_modules/.cache \
 && pnpm prune --prod --ignore-scripts --store-dir /pnpm/store

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=prod --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Web containers only: compose.yaml turns it off for the worker and the migration.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# = scripts/web-command.mjs (e2e/deploy/compose.test.ts checks it).
CMD ["node", "--max-semi-space-size=64", "apps/web/dist/server.mjs"]
