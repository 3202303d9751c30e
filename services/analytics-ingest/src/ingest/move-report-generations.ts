import type { Clock } from "@kurz/clock";
import type { ReportGenerations } from "../analytics/account-generations";
import { accountsWithLateClicks } from "./accounts-with-late-clicks";
import type { ClickRow } from "./click-row";
import { createNewLinkSpotter } from "./spot-new-links";

/**
 * The ingest pipeline's `afterClicksWritten`: after a batch is in ClickHouse and before it is
 * acknowledged, moves the generations of what it changed for reports — the past days of accounts
 * with late clicks, the link sets of accounts with a link's first clicks.
 */
export function moveReportGenerations(
  generations: ReportGenerations,
  clock: Pick<Clock, "now">,
): (rows: readonly ClickRow[]) => Promise<void> {
  const spotNewLinks = createNewLinkSpotter();
  return async (rows) => {
    await Promise.all([
      generations.days.bump(accountsWithLateClicks(rows, clock.now().getTime())),
      generations.links.bump(spotNewLinks(rows)),
    ]);
  };
}
