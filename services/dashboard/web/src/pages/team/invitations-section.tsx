import { useRef, useState } from "preact/hooks";
import { announce } from "../../components/announce";
import { ErrorNotice } from "../../components/error-notice";
import type { ApiQuery } from "../../components/use-api-query";
import { InvitationList } from "./invitation-list";
import type { Invitation } from "./team-types";
import { WithdrawInvitationDialog } from "./withdraw-invitation-dialog";

interface InvitationsSectionProps {
  workspaceId: string;
  /** Admins and owners withdraw invitations. */
  manages: boolean;
  invitations: ApiQuery<Invitation[]>;
  onChanged: () => void;
}

/** The invitations not used yet, and withdrawing one. */
export function InvitationsSection({
  workspaceId,
  manages,
  invitations,
  onChanged,
}: InvitationsSectionProps) {
  const [toWithdraw, setToWithdraw] = useState<Invitation | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const withdrawn = (invitation: Invitation) => {
    setToWithdraw(null);
    announce(`Withdrew the invitation for ${invitation.email}`);
    onChanged();
    heading.current?.focus();
  };

  return (
    <section class="section" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading" ref={heading} tabIndex={-1}>
        Pending invitations
      </h2>
      {invitations.status === "loading" && (
        <p class="muted" role="status">
          Loading invitations…
        </p>
      )}
      {invitations.status === "error" && (
        <ErrorNotice
          title="Invitations could not be loaded"
          error={invitations.error}
          onRetry={invitations.reload}
        />
      )}
      {invitations.status === "ready" && invitations.data.length === 0 && (
        <p class="muted">No pending invitations.</p>
      )}
      {invitations.status === "ready" && invitations.data.length > 0 && (
        <InvitationList
          invitations={invitations.data}
          manages={manages}
          busy={invitations.refreshing}
          onWithdraw={setToWithdraw}
        />
      )}
      {toWithdraw && (
        <WithdrawInvitationDialog
          workspaceId={workspaceId}
          invitation={toWithdraw}
          onCancel={() => setToWithdraw(null)}
          onWithdrawn={withdrawn}
        />
      )}
    </section>
  );
}
