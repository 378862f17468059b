# The app as one image (docs/deployment.md): `docker build -t omnichat .`
#
#   build    every workspace's dependencies, `npm run build` (web client + server bundle)
#   deps     only the server's production dependencies: the packages its bundle leaves external
#            (apps/server/bundle.mjs: every dependency of apps/server/package.json but @chat/*,
#            e.g. fastify, pg, PGlite, ioredis, sharp, the AWS SDK)
#   runtime  node + those node_modules + the build (main.js, migrations/, the PGlite template,
#            web/, malloc-trim.node), run as a non-root user; `npm start` without the rebuild step.

# Node 24, the current LTS line; the app also runs on Node 20.19 or later (CI tests both).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
# A C compiler for the server's one native part (apps/server/native.mjs: glibc's malloc_trim, which
# gives idle memory back); Node's headers come with the image. Only this stage has it.
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY tools/fake-upstreams/package.json tools/fake-upstreams/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# apps/server/dist is a symlink into apps/server/.builds/<id>: keep the build's real folder only.
RUN npm run build && cp -a "$(readlink -f apps/server/dist)" /build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY tools/fake-upstreams/package.json tools/fake-upstreams/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# The server workspace's production dependencies only (no dev tools, no web client libraries);
# the workspace packages themselves are inlined in main.js.
RUN npm ci --omit=dev --workspace @chat/server --no-audit --no-fund \
  && npm cache clean --force \
  && rm -rf node_modules/@chat \
  && mkdir -p apps/server/node_modules

FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX, MALLOC_TRIM_THRESHOLD_: as `npm run serve` (package.json; docs/decisions.md,
# "malloc's arenas" and "Shared buffers follow the store").
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3080 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=1048576
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/server/node_modules ./apps/server/node_modules
# Root-owned, so read-only to the app: a build is never changed by the process serving it.
COPY --from=build /build ./apps/server/dist
# DATA_DIR: the embedded database, generated secrets, local uploads and upload temp files.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3080
# Liveness only: readiness (/ready: database, Redis, not draining) is for the load balancer.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node as PID 1 gets SIGTERM directly: the graceful drain (platform/lifecycle.ts) runs on stop.
STOPSIGNAL SIGTERM
# --max-semi-space-size: as `npm run serve` (package.json; docs/decisions.md, "The young generation").
CMD ["node", "--max-semi-space-size=4", "apps/server/dist/main.js"]
