import { AppError } from "@kurz/errors";
import { authV1 } from "@kurz/proto";
import { decodeEnvelope, decodePayload } from "./envelope";

/** An account's new plan, as auth-server announces it on kurz.account.v1. */
export interface PlanChange {
  accountId: string;
  plan: authV1.Plan;
}

/**
 * The plan change an account event carries, or undefined for every other account event (each
 * service that follows plans reads only this one). A message that does not decode, or a plan
 * change without an account or a plan, is refused with VALIDATION_ERROR (not retryable: the bus
 * parks it in the dead-letter topic instead of retrying it forever).
 */
export function planChangeOf(value: Uint8Array): PlanChange | undefined {
  const envelope = decodeEnvelope(value);
  if (envelope.type !== "account.plan_changed") return undefined;
  let change: authV1.AccountPlanChanged | undefined;
  try {
    change = decodePayload(envelope, authV1.AccountPlanChangedSchema);
  } catch (error) {
    throw new AppError("VALIDATION_ERROR", { message: "account.plan_changed does not decode", cause: error });
  }
  if (!change?.plan || change.accountId === "") {
    throw new AppError("VALIDATION_ERROR", { message: "account.plan_changed without an account or a plan" });
  }
  return { accountId: change.accountId, plan: change.plan };
}
