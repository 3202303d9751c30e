import { announce } from "../../components/announce";
import { buildCsv } from "./build-csv";
import { downloadCsv } from "./download-csv";
import type { ReportTable } from "./report-table";

interface CsvExportButtonProps {
  /** The tables on the page now: what has loaded is what is exported. */
  tables: readonly ReportTable[];
  fileName: string;
}

/** Downloads the report as shown, built in the browser (nothing is asked of the server). */
export function CsvExportButton({ tables, fileName }: CsvExportButtonProps) {
  const ready = tables.length > 0;
  const download = () => {
    if (!ready) return;
    downloadCsv(fileName, buildCsv(tables));
    announce(`Downloaded ${fileName}`);
  };
  return (
    <button
      type="button"
      class="button button-secondary"
      onClick={download}
      aria-disabled={ready ? undefined : true}
      aria-describedby="csv-export-hint"
    >
      Download CSV
    </button>
  );
}
