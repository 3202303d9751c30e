import { type SignedInUser, signInWithOAuth } from "@kurz/testing";
import { setFlowPlan } from "./set-flow-plan";
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
  return signInWithOAuth(flow.edgeUrl, scope, { afterSignUp: (email) => setFlowPlan(flow, email, plan) });
}
