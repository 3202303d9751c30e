import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type RunningKurz, startEmbedded } from "@kurz/embedded";
import { freePort } from "@kurz/testing";
import { afterAll, beforeAll, describe, it } from "vitest";
import { runAbTestJourney } from "./support/run-ab-test-journey";

describe("A/B tests end to end in embedded mode (auth-server, link-api, redirector, analytics-ingest, abtest-engine)", () => {
  let kurz: RunningKurz;
  let dataDir: string;
  let shortHost: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "kurz-abtest-flow-"));
    const port = await freePort();
    shortHost = `localhost:${port}`;
    kurz = await startEmbedded({
      ports: "ephemeral",
      env: {
        ...process.env,
        LOG_LEVEL: "warn",
        DATA_DIR: dataDir,
        EDGE_PORT: String(port),
        PUBLIC_BASE_URL: `http://localhost:${port}`,
        SHORT_HOST: shortHost,
        SUBDOMAIN_HOST: shortHost,
        // The plan change right after sign-up must be seen by the services at once.
        PLAN_CACHE_TTL_MS: "200",
      },
    });
  }, 120_000);

  afterAll(async () => {
    await kurz?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("creates, starts, splits, converts, analyses, pauses, resumes, completes and deletes tests through REST", async () => {
    await runAbTestJourney({
      edgeUrl: kurz.url.replace("127.0.0.1", "localhost"),
      shortHost,
      dataDir,
      authServerGrpcAddress: kurz.services["auth-server"].grpcAddress,
    });
  }, 240_000);
});
