import type { ComponentChildren } from "preact";
import { ErrorNotice } from "../../components/error-notice";
import type { ApiQuery } from "../../components/use-api-query";
import type { listQrCodes } from "./list-qr-codes";
import type { QrCode } from "./qr-code";
import { QrRow } from "./qr-row";

type QrCodesPage = Awaited<ReturnType<typeof listQrCodes>>;

interface QrListProps {
  codes: ApiQuery<QrCodesPage>;
  filtered: boolean;
  editHref: (code: QrCode) => string;
  onDelete: (code: QrCode) => void;
  onClearFilter: () => void;
  onStartDesigning: () => void;
  onFirstPage: () => void;
}

const SKELETON_ROWS = [1, 2, 3];

function QrTable({ children, busy }: { children: ComponentChildren; busy: boolean }) {
  return (
    <div class="table-wrap">
      <table class="link-table qr-table" aria-busy={busy}>
        <caption class="visually-hidden">Your QR codes</caption>
        <thead>
          <tr>
            <th scope="col">
              <span class="visually-hidden">Image</span>
            </th>
            <th scope="col">Name</th>
            <th scope="col">Content</th>
            <th scope="col" class="cell-number">
              Scans
            </th>
            <th scope="col">Created</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The codes of the current page, or what stands in for them: loading, nothing yet, an error. */
export function QrList({
  codes,
  filtered,
  editHref,
  onDelete,
  onClearFilter,
  onStartDesigning,
  onFirstPage,
}: QrListProps) {
  if (codes.status === "loading") {
    return (
      <div class="list-loading">
        <p class="muted" role="status">
          Loading QR codes…
        </p>
        <div class="skeleton-list" aria-hidden="true">
          {SKELETON_ROWS.map((row) => (
            <div key={row} class="skeleton-item">
              <span class="skeleton skeleton-wide" />
              <span class="skeleton" />
            </div>
          ))}
        </div>
      </div>
    );
  }
  if (codes.status === "error") {
    return (
      <ErrorNotice title="Your QR codes could not be loaded" error={codes.error} onRetry={codes.reload} />
    );
  }
  if (codes.data.qrCodes.length === 0) {
    if (codes.data.pagination.total > 0) {
      return (
        <div class="empty-state">
          <p class="empty-title">There are no QR codes on this page</p>
          <button type="button" class="button button-secondary" onClick={onFirstPage}>
            Go to the first page
          </button>
        </div>
      );
    }
    if (filtered) {
      return (
        <div class="empty-state">
          <p class="empty-title">No QR codes of this type</p>
          <button type="button" class="button button-secondary" onClick={onClearFilter}>
            Show all types
          </button>
        </div>
      );
    }
    return (
      <div class="empty-state">
        <p class="empty-title">No QR codes yet — design your first one</p>
        <p>Choose what it should do, pick its colours, and download it for print or screen.</p>
        <button type="button" class="button button-secondary" onClick={onStartDesigning}>
          Start designing
        </button>
      </div>
    );
  }
  return (
    <QrTable busy={codes.refreshing}>
      {codes.data.qrCodes.map((code) => (
        <QrRow key={code.id} code={code} editHref={editHref(code)} onDelete={onDelete} />
      ))}
    </QrTable>
  );
}
