import { useState } from "preact/hooks";
import { ReportCellContent } from "./report-cell-content";
import type { ReportTable } from "./report-table";
import type { Granularity, TimelinePoint } from "./report-types";
import { TimelineChart } from "./timeline-chart";
import { stepName } from "./timeline-table";

interface TimelineSectionProps {
  points: readonly TimelinePoint[];
  granularity: Granularity;
  /** The same points as a table (built by the view, which also exports it). */
  table: ReportTable;
  /** What the report is about, for the chart's name: "spring-sale", "your account". */
  subject: string;
}

/**
 * The timeline card: the chart, and its numbers as a table. The table is always in the page for
 * screen readers (visually hidden), and a button shows it to everyone.
 */
export function TimelineSection({ points, granularity, table, subject }: TimelineSectionProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = "timeline-table";
  const label = `Chart of clicks and unique visitors per ${stepName(granularity)} for ${subject}. The same numbers are in the timeline table.`;
  return (
    <div class="card timeline-card">
      <div class="timeline-header">
        <p class="muted timeline-legend">
          Clicks and unique visitors per {stepName(granularity)}
          {granularity === "hour" ? " (UTC)" : ""}
        </p>
        <button
          type="button"
          class="button button-secondary button-small"
          aria-pressed={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          Show data table
        </button>
      </div>
      <TimelineChart points={points} granularity={granularity} label={label} />
      <div id={tableId} class={showTable ? "report-table-wrap timeline-table-wrap" : "visually-hidden"}>
        <table class="report-table">
          <caption class="visually-hidden">Timeline: clicks per {stepName(granularity)}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column.label} scope="col" class={column.numeric ? "cell-number" : undefined}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={String(row[0]?.value)}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key="start" scope="row" class="report-item">
                      {cell.text}
                    </th>
                  ) : (
                    <td key={table.columns[index]?.label} class="cell-number">
                      <ReportCellContent cell={cell} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
