import { afterAll, beforeAll, describe, it } from "vitest";
import { runWorkspaceRolesJourney } from "./support/run-workspace-roles-journey";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

describe("workspace roles through the real services (embedded; distributed-flow runs the same journey)", () => {
  let flow: FlowKurz;

  beforeAll(async () => {
    flow = await startFlowKurz("workspace-roles");
  });

  afterAll(async () => {
    await flow?.stop();
  });

  it("allows each role what it may on every service, and refuses a removed person from the next request on", async () => {
    await runWorkspaceRolesJourney({
      edgeUrl: flow.edgeUrl,
      dataDir: flow.dataDir,
      authServerGrpcAddress: flow.kurz.services["auth-server"].grpcAddress,
      planChanged: () => flow.expirePlanCaches(),
    });
  });
});
