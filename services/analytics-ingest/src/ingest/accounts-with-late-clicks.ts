import { DAY_MS } from "../queries/time-windows";
import type { ClickRow } from "./click-row";

/**
 * The accounts of a written batch with a click stamped before the current UTC day. Only those
 * change what a past whole day holds (the day coverage reports remember); a click of today is
 * read from clicks_v1 by every report until its day has ended.
 */
export function accountsWithLateClicks(rows: readonly ClickRow[], nowMs: number): string[] {
  const today = new Date(Math.floor(nowMs / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  const accounts = new Set<string>();
  // "YYYY-MM-DD hh:mm:ss.sss": the date compares as text.
  for (const row of rows) if (row.clicked_at.slice(0, 10) < today) accounts.add(row.account_id);
  return [...accounts];
}
