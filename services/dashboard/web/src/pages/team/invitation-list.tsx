import { formatDate, formatDateTime } from "../../components/format-date";
import { ROLE_LABELS } from "../../components/workspace";
import type { Invitation } from "./team-types";

interface InvitationListProps {
  invitations: Invitation[];
  manages: boolean;
  busy: boolean;
  onWithdraw: (invitation: Invitation) => void;
}

/** The pending invitations: who, as what, since and until when (their links are never shown again). */
export function InvitationList({ invitations, manages, busy, onWithdraw }: InvitationListProps) {
  return (
    <div class="table-wrap">
      <table class="data-table" aria-busy={busy}>
        <caption class="visually-hidden">Pending invitations</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Invited</th>
            <th scope="col">Expires</th>
            {manages && (
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => {
            const emailId = `invitation-email-${invitation.id}`;
            return (
              <tr key={invitation.id}>
                <td data-label="Email" id={emailId} class="strong break-anywhere">
                  {invitation.email}
                </td>
                <td data-label="Role">{ROLE_LABELS[invitation.role]}</td>
                <td data-label="Invited">
                  <time dateTime={invitation.created_at}>{formatDate(invitation.created_at)}</time>
                </td>
                <td data-label="Expires">
                  <time dateTime={invitation.expires_at}>{formatDateTime(invitation.expires_at)}</time>
                </td>
                {manages && (
                  <td class="cell-actions">
                    <button
                      type="button"
                      class="button button-danger button-small"
                      onClick={() => onWithdraw(invitation)}
                      aria-describedby={emailId}
                    >
                      Withdraw
                    </button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
