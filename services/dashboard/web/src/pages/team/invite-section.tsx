import { useState } from "preact/hooks";
import { announce } from "../../components/announce";
import { ROLES, type Role, roleAtLeast } from "../../components/workspace";
import { InviteMemberForm } from "./invite-member-form";
import { NewInvitationNotice } from "./new-invitation-notice";
import type { Invitation } from "./team-types";

interface InviteSectionProps {
  workspaceId: string;
  /** The person's role: they invite with no role above it. */
  role: Role;
  onInvited: () => void;
}

/** Invite someone by e-mail: the link to join is shown this once (and e-mailed when Kurz sends mail). */
export function InviteSection({ workspaceId, role, onInvited }: InviteSectionProps) {
  const [invited, setInvited] = useState<Invitation | null>(null);
  // A new key empties the form after each invitation.
  const [formKey, setFormKey] = useState(0);

  const sent = (invitation: Invitation) => {
    setInvited(invitation);
    setFormKey((key) => key + 1);
    announce(
      invitation.emailed
        ? `Invited ${invitation.email}: the link was e-mailed`
        : `Invited ${invitation.email}: copy the link and send it to them`,
    );
    onInvited();
  };

  return (
    <section class="card section" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <p class="muted">
        They join with the role you choose, through a link that works once, for their address only, for 7
        days. Members and pending invitations count against your plan.
      </p>
      {invited && (
        <NewInvitationNotice
          invitation={invited}
          onDismiss={() => {
            setInvited(null);
            document.getElementById("invite-email")?.focus();
          }}
        />
      )}
      <InviteMemberForm
        key={formKey}
        workspaceId={workspaceId}
        roles={ROLES.filter((offered) => roleAtLeast(role, offered))}
        onInvited={sent}
      />
    </section>
  );
}
