import { loadOnce } from "../../components/load-once";
import { PageShell } from "../../components/page-shell";

const loadView = loadOnce(() => import("./audit-log-view").then((module) => module.AuditLogView));

/** The audit log: its entries are a chunk of their own, fetched when the page is first opened. */
export function AuditLogPage() {
  return (
    <PageShell
      title="Audit log"
      intro="Every change to this workspace: who made it, when, through what, and what changed."
      loadView={loadView}
      failedTitle="The audit log page could not be loaded"
      loading={
        <p class="muted" role="status">
          Loading the audit log…
        </p>
      }
    />
  );
}
