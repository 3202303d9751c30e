import { formatNumber } from "../../components/format-number";
import type { LinkImport } from "./link-import";

/** Created, skipped and failed rows; a dry run's in the conditional, as nothing was made. */
export function ImportCounts({ linkImport }: { linkImport: LinkImport }) {
  const dry = linkImport.dry_run;
  const counts = [
    { label: dry ? "Would be created" : "Created", value: linkImport.created },
    { label: dry ? "Would be skipped" : "Skipped", value: linkImport.skipped },
    { label: dry ? "Would fail" : "Failed", value: linkImport.failed },
  ];
  return (
    <dl class="import-counts">
      {counts.map((count) => (
        <div key={count.label} class="import-count">
          <dt>{count.label}</dt>
          <dd>{formatNumber(count.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
