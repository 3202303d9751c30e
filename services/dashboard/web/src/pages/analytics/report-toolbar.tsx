import type { AnalyticsQuery } from "./analytics-query";
import { CsvExportButton } from "./csv-export-button";
import { PeriodPicker } from "./period-picker";
import type { ReportTable } from "./report-table";

interface ReportToolbarProps {
  query: AnalyticsQuery;
  tables: readonly ReportTable[];
  fileName: string;
}

/** Above every report: its period, and the CSV of what it shows. */
export function ReportToolbar({ query, tables, fileName }: ReportToolbarProps) {
  return (
    <div class="report-toolbar">
      <PeriodPicker range={query.range} problem={query.rangeProblem} requestedDays={query.requestedDays} />
      <div class="report-export">
        <CsvExportButton tables={tables} fileName={fileName} />
        <p id="csv-export-hint" class="field-hint">
          {tables.length > 0
            ? "The numbers on this page, as a spreadsheet"
            : "Available once the numbers have loaded"}
        </p>
      </div>
    </div>
  );
}
