# One image recipe for every service:  docker build --build-arg SERVICE=link-api -t kurz/link-api .
# The service is bundled (workspace packages inlined, tools/bundle/bundle.mjs) and its npm
# dependencies are installed flat by `pnpm deploy`, so instrumented and native packages (pg,
# ioredis, kafkajs, grpc-js, chDB, PGlite) stay real modules that OpenTelemetry can patch.
# CI has no Docker engine; `pnpm --filter @kurz/<service> build` + `deploy` are what this runs.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
ARG SERVICE
WORKDIR /src
RUN npm install -g corepack@0.36.0 && corepack enable pnpm
COPY . .
# dist/node_modules only links a bundle to the repository's install (make start); /app/node_modules
# from `pnpm deploy` serves it here.
RUN pnpm install --frozen-lockfile \
 && pnpm --filter "@kurz/${SERVICE}" build \
 && pnpm --filter "@kurz/${SERVICE}" deploy --prod --legacy --config.node-linker=hoisted /out \
 && cp -r "services/${SERVICE}/dist" /out/dist \
 && rm -rf /out/dist/node_modules

FROM ${NODE_IMAGE}
ENV HOST=0.0.0.0
WORKDIR /app
COPY --from=build /out /app
USER node
CMD ["node", "--enable-source-maps", "--import", "./dist/register-telemetry.mjs", "dist/main.mjs"]
