import type { Rule } from "@kurz/redirect-rules";
import type { LinkApiExecutor } from "../db/link-api-database";
import type { LinkApiContext } from "../link-api-context";
import { assertDestinationAllowed } from "./assert-destination-allowed";

export interface RoutingInput {
  rules?: readonly Rule[] | undefined;
  ios_url?: string | null | undefined;
  android_url?: string | null | undefined;
}

/**
 * The destination policy (assertDestinationAllowed) for every place a link can send a visitor
 * besides its URL: each rule's destination and the app deep links. The refusal names the field,
 * e.g. `rules[2].destination_url`.
 */
export async function assertRoutingAllowed(
  db: LinkApiExecutor,
  ctx: Pick<LinkApiContext, "hosts" | "destinationAllowList">,
  input: RoutingInput,
): Promise<void> {
  for (const [index, rule] of (input.rules ?? []).entries()) {
    await assertDestinationAllowed(db, ctx, rule.destination_url, `rules[${index}].destination_url`);
  }
  if (input.ios_url) await assertDestinationAllowed(db, ctx, input.ios_url, "ios_url");
  if (input.android_url) await assertDestinationAllowed(db, ctx, input.android_url, "android_url");
}
