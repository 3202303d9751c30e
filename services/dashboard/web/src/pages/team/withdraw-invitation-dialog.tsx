import { ConfirmDialog } from "../../components/confirm-dialog";
import type { Invitation } from "./team-types";
import { withdrawInvitation } from "./withdraw-invitation";

interface WithdrawInvitationDialogProps {
  workspaceId: string;
  invitation: Invitation;
  onCancel: () => void;
  onWithdrawn: (invitation: Invitation) => void;
}

/** Asks before an invitation's link stops working. */
export function WithdrawInvitationDialog({
  workspaceId,
  invitation,
  onCancel,
  onWithdrawn,
}: WithdrawInvitationDialogProps) {
  return (
    <ConfirmDialog
      id="withdraw-invitation"
      title="Withdraw this invitation?"
      confirmLabel="Withdraw invitation"
      pendingLabel="Withdrawing…"
      onConfirm={() => withdrawInvitation(workspaceId, invitation.id)}
      onCancel={onCancel}
      onDone={() => onWithdrawn(invitation)}
    >
      <p>
        The link sent to <span class="strong break-anywhere">{invitation.email}</span> stops working at once.
        You can invite them again later.
      </p>
    </ConfirmDialog>
  );
}
