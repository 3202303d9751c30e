import type { AnalyticsQuery } from "./analytics-query";
import { CsvExportButton } from "./csv-export-button";
import { PeriodPicker } from "./period-picker";
import type { ReportTable } from "./report-table";

interface ReportToolbarProps {
  query: AnalyticsQuery;
  tables: readonly ReportTable[];
  fileName: string;
  /** The raw clicks behind the report, as the API's CSV export (where the page has one). */
  clicksHref?: string | undefined;
}

/** Above every report: its period, the CSV of what it shows, and (link and account) the raw clicks. */
export function ReportToolbar({ query, tables, fileName, clicksHref }: ReportToolbarProps) {
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
        {clicksHref && (
          <>
            <a
              class="button button-secondary"
              href={clicksHref}
              download
              aria-describedby="click-export-hint"
            >
              Export clicks (CSV)
            </a>
            <p id="click-export-hint" class="field-hint">
              Every click of the period, one row each
            </p>
          </>
        )}
      </div>
    </div>
  );
}
