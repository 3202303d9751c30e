import { ConfirmDialog } from "../../components/confirm-dialog";
import type { Workspace } from "../../components/workspace";
import { removeMember } from "./remove-member";
import type { Member } from "./team-types";

interface RemoveMemberDialogProps {
  workspace: Workspace;
  member: Member;
  /** The person themselves: they leave. */
  leaving: boolean;
  onCancel: () => void;
  onRemoved: (member: Member) => void;
}

/** Asks before someone loses the workspace, at once (their sessions and keys' access included). */
export function RemoveMemberDialog({
  workspace,
  member,
  leaving,
  onCancel,
  onRemoved,
}: RemoveMemberDialogProps) {
  return (
    <ConfirmDialog
      id="remove-member"
      title={leaving ? "Leave this workspace?" : "Remove this member?"}
      confirmLabel={leaving ? "Leave workspace" : "Remove member"}
      pendingLabel={leaving ? "Leaving…" : "Removing…"}
      onConfirm={() => removeMember(workspace.id, member.user_id)}
      onCancel={onCancel}
      onDone={() => onRemoved(member)}
    >
      {leaving ? (
        <p>
          You lose access to <span class="strong break-anywhere">{workspace.name}</span> and everything in it
          at once. An admin or owner can invite you again.
        </p>
      ) : (
        <p>
          <span class="strong break-anywhere">{member.email}</span> loses access to{" "}
          <span class="strong break-anywhere">{workspace.name}</span> at once, in every app and session. You
          can invite them again.
        </p>
      )}
    </ConfirmDialog>
  );
}
