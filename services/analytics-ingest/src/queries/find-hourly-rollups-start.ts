import type { ClickStore } from "@kurz/clickstore";
import { num, queryRows } from "./query-rows";

/**
 * From when the insert-fed hourly rollups (link_hours_v1, link_dimensions_hourly_v2,
 * account_dimensions_hourly_v2) hold every request, epoch ms (a UTC midnight): written once by
 * their migration (016), which filled them from clicks_v1 back to it. Undefined when it is not
 * recorded: nothing is read from them.
 */
export async function findHourlyRollupsStart(store: ClickStore): Promise<number | undefined> {
  const [row] = await queryRows<{ since_ms: unknown; n: unknown }>(
    store,
    "SELECT toUnixTimestamp(max(since)) * 1000 AS since_ms, count() AS n FROM hourly_rollups_since_v1",
    {},
  );
  return num(row?.n) > 0 ? num(row?.since_ms) : undefined;
}
