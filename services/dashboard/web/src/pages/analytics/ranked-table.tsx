import { ReportCellContent } from "./report-cell-content";
import type { ReportTable } from "./report-table";
import { ShareBar } from "./share-bar";

/**
 * One table of the page in a card: its title, the rows (the first cell over a bar of its share),
 * or a sentence when there are none. On narrow screens the table scrolls sideways if it must.
 */
export function RankedTable({ table, labelledBy }: { table: ReportTable; labelledBy?: string }) {
  // A section's only table is named by the section's heading rather than a second one.
  const headingId = labelledBy ?? `${table.id}-heading`;
  return (
    <div class="card report-card">
      {!labelledBy && <h3 id={headingId}>{table.title}</h3>}
      {table.rows.length === 0 ? (
        <p class="muted">{table.empty}</p>
      ) : (
        <div class="report-table-wrap">
          <table class="report-table" aria-labelledby={headingId}>
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
              {table.rows.map((row, rowIndex) => (
                <tr key={`${rowIndex}:${row[0]?.value}`}>
                  {row.map((cell, index) => {
                    const column = table.columns[index];
                    const share = index === 0 ? table.bars?.[rowIndex] : undefined;
                    return index === 0 ? (
                      <th key={column?.label} scope="row" class="report-item">
                        {share !== undefined && <ShareBar share={share} />}
                        <span class="report-item-text">
                          <ReportCellContent cell={cell} />
                        </span>
                      </th>
                    ) : (
                      <td key={column?.label} class={column?.numeric ? "cell-number" : undefined}>
                        <ReportCellContent cell={cell} />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
