import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AUTH_SERVER_AUDIENCE, type CallAuth, createServiceTokens, internalTokenUrl } from "@kurz/grpc";
import type { SharedInfrastructure } from "@kurz/service-runtime";
import { freePort } from "@kurz/testing";
import { loadConfig } from "../../src/config";
import { type RunningAuthServer, startAuthServer } from "../../src/server";
import { TestClock } from "./test-clock";

export interface TestAuthServer {
  /** Base URL, also the issuer. */
  url: string;
  grpcAddress: string;
  server: RunningAuthServer;
  clock: TestClock;
  /**
   * How a service calls this auth-server's gRPC API: its real service tokens from the internal
   * token endpoint (every calling service has the secret `testServiceSecret(service)`).
   */
  serviceAuth(service?: string, audience?: string): CallAuth;
  stop(): Promise<void>;
}

/** The client secret each calling service has at the test auth-servers. */
export function testServiceSecret(service: string): string {
  return `test-secret-of-${service}`;
}

const CALLING_SERVICES = [
  "link-api",
  "redirector",
  "analytics-ingest",
  "abtest-engine",
  "mcp-gateway",
  "webhook-dispatcher",
];

/**
 * The real auth-server, listening on 127.0.0.1 with embedded PGlite (in a temporary data dir),
 * in-memory cache and bus, and a clock the test controls. `env` overrides configuration
 * (e.g. DATABASE_URL / REDIS_URL for the real-backend variants); `shared.bus` lets a test read
 * the events it publishes.
 */
export async function startTestAuthServer(
  env: Record<string, string> = {},
  shared: SharedInfrastructure = {},
): Promise<TestAuthServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "kurz-auth-test-"));
  // The issuer must be known before the server starts, so the port cannot be 0; @kurz/testing's
  // freePort picks one below the ephemeral range, which another process's connection cannot take.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const clock = new TestClock();
  const config = loadConfig({
    DATA_DIR: dataDir,
    HTTP_PORT: String(port),
    GRPC_PORT: "0",
    PUBLIC_BASE_URL: url,
    LOG_LEVEL: "silent",
    KEY_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    ...Object.fromEntries(
      CALLING_SERVICES.map((service) => [
        `${service.toUpperCase().replaceAll("-", "_")}_CLIENT_SECRET`,
        testServiceSecret(service),
      ]),
    ),
    ...env,
  });
  const server = await startAuthServer(config, shared, { clock });
  return {
    url,
    grpcAddress: server.grpcAddress,
    server,
    clock,
    serviceAuth: (service = "link-api", audience = AUTH_SERVER_AUDIENCE) => ({
      audience,
      tokens: createServiceTokens({
        tokenUrl: internalTokenUrl(url),
        clientId: service,
        clientSecret: testServiceSecret(service),
        clock,
      }),
    }),
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
