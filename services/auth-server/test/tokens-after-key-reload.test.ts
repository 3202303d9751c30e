import { randomBytes } from "node:crypto";
import { createTestDatabase, postgresBackend, type TestDatabase } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "./support/browser";
import { codeFor, getAccountWith, type RegisteredClient, registerClient } from "./support/oauth-helpers";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

const postgres = await postgresBackend();

/** Past the signing-key store's 60-second reload age: the next signature re-reads the key list. */
const PAST_KEY_RELOAD_MS = 61_000;
/** A frozen server never answers; a healthy one answers in milliseconds. The bound only turns a hang into a failure. */
const HANG = 10_000;

async function exchange(server: TestAuthServer, form: Record<string, string>) {
  const response = await fetch(`${server.url}/mcp/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(HANG),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/**
 * The first freeze a newcomer met: a code exchange, a minute of quiet, another exchange. The
 * second one reloaded the signing keys through the root handle inside the grant's transaction,
 * which on PGlite's single connection waits forever (and every later OAuth request with it).
 */
function describeTokensAfterKeyReload(
  name: string,
  start: () => Promise<TestAuthServer>,
  stop: () => Promise<void>,
) {
  describe(`tokens after the signing keys' reload age: ${name}`, () => {
    let server: TestAuthServer;
    let browser: Browser;
    let client: RegisteredClient;

    beforeAll(async () => {
      server = await start();
      browser = new Browser(server.url);
      await browser.signUp(`reload-${randomBytes(4).toString("hex")}@example.com`, "a long enough password");
      client = await registerClient(server.url, { grant_types: ["authorization_code", "refresh_token"] });
    });

    afterAll(stop);

    const codeExchange = async () =>
      exchange(server, {
        grant_type: "authorization_code",
        code: await codeFor(browser, client),
        redirect_uri: "http://127.0.0.1:9/callback",
        client_id: client.client_id,
        client_secret: client.client_secret ?? "",
      });

    it("answers a code exchange, a refresh and the health check after every reload of the keys", async () => {
      const first = await codeExchange();
      expect(first.status).toBe(200);
      let refreshToken = first.body.refresh_token ?? "";

      for (let minute = 1; minute <= 3; minute++) {
        server.clock.advance(PAST_KEY_RELOAD_MS);
        const again = await codeExchange();
        expect(again.status).toBe(200);
        expect((await getAccountWith(server.url, again.body.access_token ?? "")).status).toBe(200);

        server.clock.advance(PAST_KEY_RELOAD_MS);
        const refreshed = await exchange(server, {
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: client.client_id,
          client_secret: client.client_secret ?? "",
        });
        expect(refreshed.status).toBe(200);
        refreshToken = refreshed.body.refresh_token ?? "";

        const health = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(HANG) });
        expect(health.status).toBe(200);
      }
    });
  });
}

let pgliteServer: TestAuthServer | undefined;
describeTokensAfterKeyReload(
  "embedded PGlite",
  async () => {
    pgliteServer = await startTestAuthServer();
    return pgliteServer;
  },
  async () => {
    await pgliteServer?.stop();
  },
);

let database: TestDatabase | undefined;
let postgresServer: TestAuthServer | undefined;
if (postgres.available) {
  describeTokensAfterKeyReload(
    "PostgreSQL",
    async () => {
      if (!postgres.available) throw new Error("unreachable");
      database = await createTestDatabase(postgres.value.adminUrl, "auth_server");
      postgresServer = await startTestAuthServer({ DATABASE_URL: database.url });
      return postgresServer;
    },
    async () => {
      await postgresServer?.stop();
      await database?.drop();
    },
  );
}
