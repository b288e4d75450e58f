# Veil: the production bundle (scripts/bundle.mjs) in a container.
# Build:  podman build -t veil .   (or docker build)
# Run:    see compose.yaml (Postgres, two server processes, a mail catcher).
# Multi-stage: the build stage installs the whole workspace from the lockfile (frozen) and makes
# the bundle; the runtime stage holds only that bundle (server, compiled admin CLI, migrations,
# web app, production dependencies) and runs as an unprivileged user.

FROM node:20-bookworm-slim AS build
WORKDIR /src
RUN npm install -g pnpm@10.34.9
# Manifests and lockfile first, so the dependency layer is cached across source changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY apps/server/package.json apps/server/
COPY apps/node-agent/package.json apps/node-agent/
COPY apps/web/package.json apps/web/
COPY packages/ui/package.json packages/ui/
COPY packages/contracts/package.json packages/contracts/
COPY packages/test-kit/package.json packages/test-kit/
RUN pnpm install --frozen-lockfile
COPY . .
RUN node scripts/bundle.mjs /veil

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    WEB_DIST=/veil/web
WORKDIR /veil
COPY --from=build --chown=root:root /veil /veil
# The `node` user of the base image (uid 1000): the process cannot change its own files.
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/main.js"]
