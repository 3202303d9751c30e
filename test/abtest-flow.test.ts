import { afterAll, beforeAll, describe, it } from "vitest";
import { runAbTestJourney } from "./support/run-ab-test-journey";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

describe("A/B tests end to end in embedded mode (auth-server, link-api, redirector, analytics-ingest, abtest-engine)", () => {
  let flow: FlowKurz;

  beforeAll(async () => {
    // The plan change right after sign-up must be seen by the services at once.
    flow = await startFlowKurz("abtest-flow", { PLAN_CACHE_TTL_MS: "200" });
  });

  afterAll(async () => {
    await flow?.stop();
  });

  it("creates, starts, splits, converts, analyses, pauses, resumes, completes and deletes tests through REST", async () => {
    await runAbTestJourney({
      edgeUrl: flow.edgeUrl,
      shortHost: flow.shortHost,
      dataDir: flow.dataDir,
      authServerGrpcAddress: flow.kurz.services["auth-server"].grpcAddress,
    });
    // Long by design: a test created, split over 50 visits, converted, analysed and completed.
  }, 240_000);
});
