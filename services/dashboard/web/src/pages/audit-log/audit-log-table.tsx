import { formatDateTime } from "../../components/format-date";
import { actionLabel } from "./audit-actions";
import type { AuditEntry } from "./audit-entry";
import { describeActor, describeChanges, describeSurface, describeTargetType } from "./describe-entry";

/**
 * The entries, newest first. The data-label attributes name each cell where narrow screens show
 * the row as a card (the column headers are then hidden).
 */
export function AuditLogTable({ entries, busy }: { entries: AuditEntry[]; busy: boolean }) {
  return (
    <div class="table-wrap">
      <table class="data-table audit-log-table" aria-busy={busy}>
        <caption class="visually-hidden">Audit log entries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Through</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const changes = describeChanges(entry.changes);
            return (
              <tr key={entry.id}>
                <td data-label="When">
                  <time dateTime={entry.occurred_at}>{formatDateTime(entry.occurred_at)}</time>
                </td>
                <td data-label="Who" class="break-anywhere">
                  <div>
                    {describeActor(entry.actor)}
                    {entry.actor.address && <p class="muted audit-detail">from {entry.actor.address}</p>}
                  </div>
                </td>
                <td data-label="Through">
                  <div>
                    {describeSurface(entry.surface)}
                    {entry.actor.client_id && (
                      <p class="muted audit-detail break-anywhere">{entry.actor.client_id}</p>
                    )}
                  </div>
                </td>
                <td data-label="Action">
                  <div>
                    <span class="strong">{actionLabel(entry.action)}</span>
                    <p class="muted audit-detail">{entry.action}</p>
                  </div>
                </td>
                <td data-label="Target">
                  <div>
                    {describeTargetType(entry.target.type)}
                    <p class="muted audit-detail break-anywhere">{entry.target.id}</p>
                  </div>
                </td>
                <td data-label="Changes" class="break-anywhere">
                  {changes.length === 0 ? (
                    "—"
                  ) : (
                    <ul class="audit-changes">
                      {changes.map((change) => (
                        <li key={change}>{change}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
