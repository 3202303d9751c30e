import { AppLink } from "../../components/app-link";
import type { ReportCell } from "./report-table";

/** A cell's text, as a link when it has one (another analytics view, or a page outside). */
export function ReportCellContent({ cell }: { cell: ReportCell }) {
  if (!cell.href) return <>{cell.text}</>;
  if (cell.external) {
    return (
      <a href={cell.href} target="_blank" rel="noopener noreferrer" class="break-anywhere">
        {cell.text}
      </a>
    );
  }
  return (
    <AppLink href={cell.href} class="break-anywhere">
      {cell.text}
    </AppLink>
  );
}
