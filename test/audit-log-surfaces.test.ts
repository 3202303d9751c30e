import { afterAll, beforeAll, describe, it } from "vitest";
import { AUDIT_JOURNEY_SCOPE, runAuditLogJourney } from "./support/run-audit-log-journey";
import { signUpOnPlan } from "./support/sign-up-on-plan";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

describe("the audit log across services (embedded; distributed-flow runs the same journey)", () => {
  let flow: FlowKurz;

  beforeAll(async () => {
    flow = await startFlowKurz("audit-log", { WEBHOOK_ALLOWED_TARGETS: "127.0.0.1/32" });
  });

  afterAll(async () => {
    await flow?.stop();
  });

  it("holds exactly one entry per change, by each surface, with its actor", async () => {
    await runAuditLogJourney({
      edgeUrl: flow.edgeUrl,
      owner: await signUpOnPlan(flow, AUDIT_JOURNEY_SCOPE, "business"),
      webhookUrl: "http://127.0.0.1:9/audit-hook",
    });
  });
});
