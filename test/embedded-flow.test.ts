import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type RunningKurz, startEmbedded } from "@kurz/embedded";
import { freePort, localEdgeEnv } from "@kurz/testing";
import { afterAll, beforeAll, describe, it } from "vitest";
import { runAgentAndDashboardJourney } from "./support/run-agent-and-dashboard-journey";
import { runLinkJourney } from "./support/run-link-journey";

describe("embedded mode: the real services end to end through the edge", () => {
  let kurz: RunningKurz;
  let dataDir: string;
  let shortHost: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "kurz-flow-embedded-"));
    const port = await freePort();
    shortHost = `localhost:${port}`;
    kurz = await startEmbedded({
      ports: "ephemeral",
      env: {
        ...process.env,
        LOG_LEVEL: "warn",
        // Visitors come from many countries (X-Forwarded-For): the test is the proxy in front of the edge.
        EDGE_TRUSTED_PROXIES: "loopback",
        DATA_DIR: dataDir,
        ...localEdgeEnv(port),
      },
    });
  });

  afterAll(async () => {
    await kurz?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("signs in with OAuth, creates a link, counts its visits exactly, attributes a conversion, and forgets it once deleted", async () => {
    await runLinkJourney(kurz.url.replace("127.0.0.1", "localhost"), shortHost);
    // Long by design: a whole journey through the edge, with visits and a conversion to count.
  }, 180_000);

  it("serves an agent over MCP and the same person's dashboard (as the distributed flow does)", async () => {
    await runAgentAndDashboardJourney({
      edgeUrl: kurz.url.replace("127.0.0.1", "localhost"),
      shortHost,
      dataDir,
      authServerGrpcAddress: kurz.services["auth-server"].grpcAddress,
    });
    // Long by design: an agent's MCP session and the same person's dashboard, clicks to count.
  }, 180_000);
});
