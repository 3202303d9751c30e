import { formatNumber } from "../../components/format-number";
import type { LinkImport } from "./link-import";

/** One sentence on how a finished import (or dry run) ended: the summary's title and its announcement. */
export function describeImport(linkImport: LinkImport): string {
  const rows = `${formatNumber(linkImport.processed)} ${linkImport.processed === 1 ? "row" : "rows"}`;
  if (linkImport.status === "cancelled") return `Cancelled after ${rows}. The links made so far stay.`;
  if (linkImport.status === "failed") {
    return `The file could not be read to its end (${rows} read). See the error report.`;
  }
  return linkImport.dry_run
    ? `Dry run finished: ${rows} checked. Nothing was changed.`
    : `Import finished: ${rows} read.`;
}
