import { planOf } from "../plans/plans";

/**
 * The part of a granted scope the account's plan still allows: a downgrade narrows tokens at
 * their next issuance instead of leaving them broader than the plan until the grant ends.
 */
export function narrowToPlan(scope: string, planId: string): string {
  const grantable = new Set<string>(planOf(planId).grantableScopes);
  return scope
    .split(" ")
    .filter((name) => grantable.has(name))
    .join(" ");
}
