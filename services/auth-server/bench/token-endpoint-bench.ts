/**
 * Token-endpoint throughput (refresh grant) and the per-request cost of bearer verification, each
 * as a ratio against a baseline measured in the same run on the same machine: a bare Node `http`
 * server answering 302 from a Map (docs/architecture.md#performance). Absolute numbers on a shared
 * 2-core box are noise; the ratios are the result.
 *
 *   pnpm --filter @kurz/auth-server bench            # embedded PGlite, in-memory cache
 *   DATABASE_URL=postgres://... REDIS_URL=redis://... KEY_ENCRYPTION_KEY=<hex> pnpm ... bench
 *
 * BENCH_SECONDS (default 5) sets each measurement's duration, BENCH_CONCURRENCY (default 8) the
 * requests in flight.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createVerifierFromConfig, ownWorkspaceOnly, requireScope } from "@kurz/auth-verifier";
import { createLogger } from "@kurz/logger";
import { createHttpApp } from "@kurz/service-runtime";
import { freePort } from "@kurz/testing";
import { createAccount } from "../src/accounts/create-account";
import { loadConfig } from "../src/config";
import { issueAuthorizationCode } from "../src/oauth/issue-authorization-code";
import { registerClient } from "../src/oauth/register-client";
import { validateAuthorizationRequest } from "../src/oauth/validate-authorization-request";
import { startAuthServer } from "../src/server";
import { type LoadOptions, type LoadResult, runLoad } from "./run-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const CALLBACK = "http://127.0.0.1:9/callback";

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function line(label: string, result: LoadResult, baseline?: LoadResult): string {
  const ratio = baseline ? `  = ${(result.perSecond / baseline.perSecond).toFixed(3)} × baseline` : "";
  const errors = result.errors > 0 ? `  (${result.errors} errors; first: ${result.firstError})` : "";
  return `${label.padEnd(52)} ${result.perSecond.toFixed(0).padStart(7)} req/s  p50 ${result.p50Ms.toFixed(2)} ms  p99 ${result.p99Ms.toFixed(2)} ms${ratio}${errors}`;
}

/** Results go to stdout: this is a script, not a service (no logger). */
const print = (text: string) => process.stdout.write(`${text}\n`);

const measure = (options: Omit<LoadOptions, "durationMs">) =>
  runLoad({ ...options, durationMs: SECONDS * 1000 });

// 1. Baseline: the bare Node server every bench compares with (docs/architecture.md#performance).
const redirects = new Map([["abc", "https://example.com/landing"]]);
const bare = http.createServer((request, response) => {
  const target = redirects.get((request.url ?? "").slice(1));
  response.writeHead(target ? 302 : 404, target ? { location: target } : {});
  response.end();
});
const bareUrl = await listen(bare);

// 2. auth-server, embedded unless DATABASE_URL / REDIS_URL are set.
const dataDir = await mkdtemp(path.join(os.tmpdir(), "kurz-auth-bench-"));
const port = await freePort();
const issuer = `http://127.0.0.1:${port}`;
const config = loadConfig({
  KEY_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  ...process.env,
  DATA_DIR: dataDir,
  HTTP_PORT: String(port),
  GRPC_PORT: "0",
  PUBLIC_BASE_URL: issuer,
  LOG_LEVEL: "silent",
  // The grant's cost is measured, not the per-client policy (600 a minute by default): the bench
  // is one client at one address.
  OAUTH_TOKEN_REQUESTS_PER_MINUTE: "1000000000",
});
const auth = await startAuthServer(config);
const { ctx } = auth;

// One refresh-token chain per concurrent worker: rotation makes each chain strictly sequential.
const account = await createAccount(ctx, {
  email: `bench-${randomBytes(4).toString("hex")}@example.com`,
  password: "bench password 123",
  name: "Bench",
});
const client = await registerClient(ctx, {
  client_name: "Bench",
  redirect_uris: [CALLBACK],
  token_endpoint_auth_method: "client_secret_post",
});
const refreshTokens: string[] = [];
let accessToken = "";
for (let i = 0; i < CONCURRENCY; i++) {
  const validation = await validateAuthorizationRequest(
    ctx,
    new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: CALLBACK,
      response_type: "code",
      scope: "account:read",
    }),
  );
  if (validation.kind !== "ok") throw new Error("bench authorization request refused");
  const code =
    new URL(await issueAuthorizationCode(ctx, validation.request, account.id)).searchParams.get("code") ?? "";
  const response = await fetch(`${issuer}/mcp/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: CALLBACK,
      client_id: client.client_id,
      client_secret: client.client_secret ?? "",
    }),
  });
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  refreshTokens.push(tokens.refresh_token);
  accessToken = tokens.access_token;
}

// 3. A resource server as every Kurz service runs one: the same route with and without the
//    shared verifier (remote JWKS from auth-server, cached after the first request).
const resource = createHttpApp({
  service: "bench-resource",
  logger: createLogger({ service: "bench", level: "silent" }),
});
const verifier = createVerifierFromConfig(
  {
    PUBLIC_BASE_URL: issuer,
    AUTH_SERVER_HTTP_URL: issuer,
    API_AUDIENCE: config.API_AUDIENCE,
  },
  { roleOf: ownWorkspaceOnly },
); // the token's cost alone: a service's membership question is a gRPC call beside it
const payload = { success: true, account: { id: account.id } };
resource.app.get("/open", async () => payload);
resource.app.get("/guarded", { preHandler: requireScope(verifier, "account:read") }, async () => payload);
const resourceUrl = await resource.app.listen({ host: "127.0.0.1", port: 0 });
const bearer = { authorization: `Bearer ${accessToken}` };
if ((await fetch(`${resourceUrl}/guarded`, { headers: bearer })).status !== 200)
  throw new Error("guarded route refused");

// In-process cost of one verification, without HTTP around it.
const VERIFY_ROUNDS = 5000;
for (let i = 0; i < 200; i++) await verifier.verify(accessToken);
const verifyStart = process.hrtime.bigint();
for (let i = 0; i < VERIFY_ROUNDS; i++) await verifier.verify(accessToken);
const verifyMicros = Number(process.hrtime.bigint() - verifyStart) / 1000 / VERIFY_ROUNDS;

print(
  `auth-server bench: ${SECONDS}s per measurement, ${CONCURRENCY} in flight, database ${config.DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
);
const baseline = await measure({ url: `${bareUrl}/abc`, method: "GET", concurrency: CONCURRENCY });
print(line("baseline: bare node http, 302 from a Map", baseline));

const refresh = await measure({
  url: `${issuer}/mcp/oauth/token`,
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  refresh: { tokens: refreshTokens, clientId: client.client_id, clientSecret: client.client_secret ?? "" },
  concurrency: CONCURRENCY,
});
print(line("token endpoint, refresh grant (rotating)", refresh, baseline));

const open = await measure({ url: `${resourceUrl}/open`, method: "GET", concurrency: CONCURRENCY });
print(line("resource route, no auth (fastify)", open, baseline));
const guarded = await measure({
  url: `${resourceUrl}/guarded`,
  method: "GET",
  headers: bearer,
  concurrency: CONCURRENCY,
});
print(line("resource route, bearer verified (requireScope)", guarded, baseline));

const perRequestMicros = (1 / guarded.perSecond - 1 / open.perSecond) * 1e6;
print(
  `bearer verification: ${perRequestMicros.toFixed(1)} µs added per request at the route ` +
    `(${(guarded.perSecond / open.perSecond).toFixed(3)} × the unguarded route); ` +
    `${verifyMicros.toFixed(1)} µs per in-process verify (ES256, cached JWKS)`,
);

await resource.app.close();
await auth.stop();
await new Promise((resolve) => bare.close(resolve));
await rm(dataDir, { recursive: true, force: true });
