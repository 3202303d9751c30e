import type { ReportTable } from "./report-table";

export interface Stat {
  label: string;
  /** As shown. */
  text: string;
  /** As exported. */
  value: string | number;
  /** A line under the number: a share, or the change against the span before. */
  detail?: string | undefined;
}

/** The headline numbers as one table, for the CSV (section "Summary"). */
export function summaryTable(stats: readonly Stat[]): ReportTable {
  return {
    id: "summary",
    title: "Summary",
    columns: [{ label: "Measure" }, { label: "Value", numeric: true }],
    rows: stats.map((stat) => [
      { text: stat.label, value: stat.label },
      { text: stat.text, value: stat.value },
    ]),
    empty: "",
  };
}

/** The big numbers at the top of a report, as a description list (label, number, detail). */
export function HeadlineStats({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl class="stat-grid">
      {stats.map((stat) => (
        <div key={stat.label} class="stat">
          <dt>{stat.label}</dt>
          <dd class="stat-value">{stat.text}</dd>
          {stat.detail && <dd class="stat-detail">{stat.detail}</dd>}
        </div>
      ))}
    </dl>
  );
}
