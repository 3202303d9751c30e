import { setPlanAsOperator } from "@kurz/testing";
import type { FlowKurz } from "./start-flow-kurz";

/** The operator moves the account of `email` to `plan` on a flow's Kurz (as support would). */
export function setFlowPlan(
  flow: FlowKurz,
  email: string,
  plan: "free" | "pro" | "business" | "enterprise",
): Promise<void> {
  return setPlanAsOperator({
    dataDir: flow.dataDir,
    authServerGrpcAddress: flow.kurz.services["auth-server"].grpcAddress,
    email,
    plan,
  });
}
