import type { LinkApiExecutor } from "../db/link-api-database";
import type { LinkApiContext } from "../link-api-context";
import { assertDestinationAllowed } from "../links/assert-destination-allowed";
import type { UpdateDomainInput } from "./domain-input-schemas";

const COLUMNS = {
  root_redirect_url: "rootRedirectUrl",
  not_found_redirect_url: "notFoundRedirectUrl",
  expired_redirect_url: "expiredRedirectUrl",
} as const;

/**
 * The columns a PATCH of a domain changes among its host redirects: present fields only, null
 * or "" clearing one. Each URL passes the destination checks a link's URL passes (no private
 * hosts, no short link of ours: a root redirected to a short link would chain).
 */
export async function hostRedirectChanges(
  db: LinkApiExecutor,
  ctx: Pick<LinkApiContext, "hosts" | "destinationAllowList">,
  input: UpdateDomainInput,
): Promise<Partial<Record<(typeof COLUMNS)[keyof typeof COLUMNS], string>>> {
  const changes: Partial<Record<(typeof COLUMNS)[keyof typeof COLUMNS], string>> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [
    keyof typeof COLUMNS,
    (typeof COLUMNS)[keyof typeof COLUMNS],
  ][]) {
    const value = input[field];
    if (value === undefined) continue;
    if (value) await assertDestinationAllowed(db, ctx, value, field);
    changes[column] = value ?? "";
  }
  return changes;
}
