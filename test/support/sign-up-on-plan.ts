import { type SignedInUser, setPlanAsOperator, signInWithOAuth } from "@kurz/testing";
import type { FlowKurz } from "./start-flow-kurz";

/**
 * A new person signed in through OAuth with `scope`, their account moved to `plan` by the
 * operator right after sign-up (as support would), on a flow's Kurz.
 */
export function signUpOnPlan(
  flow: FlowKurz,
  scope: string,
  plan: "free" | "pro" | "business" | "enterprise",
): Promise<SignedInUser> {
  return signInWithOAuth(flow.edgeUrl, scope, {
    afterSignUp: (email) =>
      setPlanAsOperator({
        dataDir: flow.dataDir,
        authServerGrpcAddress: flow.kurz.services["auth-server"].grpcAddress,
        email,
        plan,
      }),
  });
}
