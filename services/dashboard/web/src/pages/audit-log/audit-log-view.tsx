import { useRef, useState } from "preact/hooks";
import { announce } from "../../components/announce";
import { asApiError } from "../../components/as-api-error";
import { ErrorNotice } from "../../components/error-notice";
import { formatNumber } from "../../components/format-number";
import { useApiQuery } from "../../components/use-api-query";
import { useLocation } from "../../router";
import type { AuditEntry } from "./audit-entry";
import { AuditLogFilters } from "./audit-log-filters";
import {
  type AuditLogQuery,
  auditLogFileName,
  auditLogFilters,
  auditLogQueryKey,
  hasAuditLogFilters,
  readAuditLogQuery,
} from "./audit-log-query";
import { AuditLogTable } from "./audit-log-table";
import { downloadAuditLog } from "./download-audit-log";
import { listAuditLog } from "./list-audit-log";

/**
 * The workspace's audit log (admins and owners; anyone else sees the API's refusal): filters in
 * the URL, the newest entries first, older ones on request, and the CSV of the same filters.
 */
export function AuditLogView() {
  const { search } = useLocation();
  const query = readAuditLogQuery(search);
  const key = auditLogQueryKey(query);
  return (
    <>
      <AuditLogFilters query={query} />
      {/* New filters start a new list: the older pages loaded for the last ones go. */}
      <AuditLogEntries key={key} query={query} />
    </>
  );
}

function AuditLogEntries({ query }: { query: AuditLogQuery }) {
  const filters = auditLogFilters(query);
  const first = useApiQuery(`audit-log:${auditLogQueryKey(query)}`, (signal) =>
    listAuditLog(filters, query.limit, undefined, signal),
  );
  const [older, setOlder] = useState<{ entries: AuditEntry[]; cursor: string | null } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<ReturnType<typeof asApiError> | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<ReturnType<typeof asApiError> | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  if (first.status === "loading") {
    return (
      <p class="muted" role="status">
        Loading the audit log…
      </p>
    );
  }
  if (first.status === "error") {
    return (
      <ErrorNotice title="The audit log could not be loaded" error={first.error} onRetry={first.reload} />
    );
  }

  const entries = [...first.data.entries, ...(older?.entries ?? [])];
  const cursor = older ? older.cursor : first.data.next_cursor;

  const showOlder = async () => {
    if (loadingOlder || !cursor) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const page = await listAuditLog(filters, query.limit, cursor);
      setOlder((shown) => ({
        entries: [...(shown?.entries ?? []), ...page.entries],
        cursor: page.next_cursor,
      }));
      announce(
        page.entries.length === 0
          ? "No older entries"
          : page.entries.length === 1
            ? "1 older entry shown"
            : `${formatNumber(page.entries.length)} older entries shown`,
      );
      // The button goes with the last page: the reader goes on from the list's heading.
      if (!page.next_cursor) heading.current?.focus();
    } catch (error) {
      setOlderError(asApiError(error, "Older entries could not be loaded. Try again."));
    } finally {
      setLoadingOlder(false);
    }
  };

  const download = async () => {
    if (downloading) return;
    setDownloading(true);
    setDownloadError(null);
    const fileName = auditLogFileName(query);
    try {
      await downloadAuditLog(filters, fileName);
      announce(`Downloaded ${fileName}`);
    } catch (error) {
      setDownloadError(asApiError(error, "The CSV could not be downloaded. Try again."));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section class="section" aria-labelledby="audit-entries-heading">
      <div class="audit-log-heading">
        <h2 id="audit-entries-heading" ref={heading} tabIndex={-1}>
          Entries
        </h2>
        <button
          type="button"
          class="button button-secondary"
          onClick={download}
          aria-disabled={downloading ? true : undefined}
          aria-describedby="audit-export-hint"
        >
          {downloading ? "Preparing CSV…" : "Download CSV"}
        </button>
      </div>
      <p id="audit-export-hint" class="muted">
        The CSV holds every entry of these filters (up to 10,000), not only those shown.
      </p>
      {downloadError && <ErrorNotice title="The CSV could not be downloaded" error={downloadError} />}
      {entries.length === 0 ? (
        <p class="muted">
          {hasAuditLogFilters(query) ? "No entries match these filters." : "Nothing recorded yet."}
        </p>
      ) : (
        <AuditLogTable entries={entries} busy={first.refreshing || loadingOlder} />
      )}
      {olderError && <ErrorNotice title="Older entries could not be loaded" error={olderError} />}
      {cursor && (
        <div class="audit-log-more">
          <button
            type="button"
            class="button button-secondary"
            onClick={showOlder}
            aria-disabled={loadingOlder ? true : undefined}
          >
            {loadingOlder ? "Loading older entries…" : "Show older"}
          </button>
        </div>
      )}
    </section>
  );
}
