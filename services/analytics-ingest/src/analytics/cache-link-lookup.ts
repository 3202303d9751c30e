import type { ClickStore } from "@kurz/clickstore";
import { findLinks } from "../queries/find-links";
import type { AccountGenerations } from "./account-generations";
import type { LinkRef } from "./analytics-types";
import { type RememberOptions, rememberByGeneration } from "./remember-by-generation";

export type LinkLookup = (accountId: string, code: string) => Promise<LinkRef[]>;

/**
 * The account's clicked links with a code (findLinks: one statement, ~15 ms of a chDB round trip
 * before every report named by a code) change only when a link gets its first clicks. Remembered
 * per account, code and "links" generation — moved by the ingest pipeline, after the rows are
 * written and before it acknowledges, for accounts with a link it had not seen.
 */
export function cacheLinkLookup(
  store: ClickStore,
  generations: AccountGenerations,
  options: RememberOptions = {},
): LinkLookup {
  const remember = rememberByGeneration<LinkRef[]>(generations, options);
  return (accountId, code) => remember(accountId, code, () => findLinks(store, accountId, code));
}
