import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TestClock } from "@kurz/clock";
import { type RunningKurz, startEmbedded } from "@kurz/embedded";
import { SERVICE_NAMES, SERVICES, type ServiceName } from "@kurz/routes";
import {
  createTestDatabase,
  freePort,
  localEdgeEnv,
  postgresBackend,
  type TestDatabase,
} from "@kurz/testing";
import { afterAll, beforeAll, describe, it } from "vitest";
import { runSoakRounds } from "./support/run-soak-rounds";

const postgres = await postgresBackend();
const ROUNDS = 4;

/**
 * The main flows over simulated minutes, one clock shared by every service: in embedded mode
 * (PGlite), and with every service's relational data on PostgreSQL (caches stay in memory so
 * the shared clock drives their TTLs and windows; Redis keeps its own time).
 */
function describeSoak(
  name: string,
  databases: () => Promise<Partial<Record<ServiceName, string>>>,
  skip = false,
) {
  describe.skipIf(skip)(`soak over simulated minutes: ${name}`, () => {
    const clock = new TestClock();
    let kurz: RunningKurz;
    let dataDir: string;
    let shortHost: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), "kurz-soak-"));
      const port = await freePort();
      shortHost = `localhost:${port}`;
      const urls = await databases();
      kurz = await startEmbedded({
        ports: "ephemeral",
        clock,
        env: {
          ...process.env,
          LOG_LEVEL: "warn",
          // Visitors come from many countries (X-Forwarded-For): the test is the proxy in front of the edge.
          EDGE_TRUSTED_PROXIES: "loopback",
          DATA_DIR: dataDir,
          ...localEdgeEnv(port),
        },
        serviceEnv: Object.fromEntries(
          Object.entries(urls).map(([service, url]) => [
            service,
            // A server database needs the signing keys' master key given, not generated.
            { DATABASE_URL: url, KEY_ENCRYPTION_KEY: randomBytes(32).toString("hex") },
          ]),
        ),
      });
    });

    afterAll(async () => {
      await kurz?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    // Long by design: every round signs in twice, edits, visits and waits for analytics to count.
    it(`keeps OAuth, links, redirects and analytics right across ${ROUNDS} simulated minutes of cache, key and window expiry`, async () => {
      await runSoakRounds(kurz.url.replace("127.0.0.1", "localhost"), shortHost, clock, ROUNDS);
    }, 300_000);
  });
}

describeSoak("embedded (PGlite)", async () => ({}));

const created: TestDatabase[] = [];
describeSoak(
  "relational data on PostgreSQL",
  async () => {
    if (!postgres.available) throw new Error("unreachable");
    const urls: Partial<Record<ServiceName, string>> = {};
    for (const service of SERVICE_NAMES.filter((name) => SERVICES[name].database)) {
      const database = await createTestDatabase(
        postgres.value.adminUrl,
        `soak_${service.replaceAll("-", "_")}`,
      );
      created.push(database);
      urls[service] = database.url;
    }
    return urls;
  },
  !postgres.available,
);

afterAll(async () => {
  for (const database of created) await database.drop();
});
