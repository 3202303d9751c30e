import { setPlanAsOperator } from "@kurz/testing";
import type { FlowKurz } from "./start-flow-kurz";

/**
 * The operator moves the account of `email` to `plan` on a flow's Kurz (as support would), and
 * every service sees the new plan from the next request on (their plan caches expire on the
 * flow's clock; a fixed pause after the change raced them).
 */
export async function setFlowPlan(
  flow: FlowKurz,
  email: string,
  plan: "free" | "pro" | "business" | "enterprise",
): Promise<void> {
  await setPlanAsOperator({
    dataDir: flow.dataDir,
    authServerGrpcAddress: flow.kurz.services["auth-server"].grpcAddress,
    email,
    plan,
  });
  flow.expirePlanCaches();
}
