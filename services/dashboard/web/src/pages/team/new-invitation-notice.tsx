import { useEffect, useRef } from "preact/hooks";
import { CopyValueButton } from "../../components/copy-value-button";
import { formatDateTime } from "../../components/format-date";
import { ROLE_LABELS } from "../../components/workspace";
import type { Invitation } from "./team-types";

/**
 * The invitation just made: its link, shown this once (Kurz keeps only its hash), and whether it
 * was e-mailed. The focus moves here, so it is read first.
 */
export function NewInvitationNotice({
  invitation,
  onDismiss,
}: {
  invitation: Invitation;
  onDismiss: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div class="notice notice-success new-key">
      <h3 id="new-invitation-title" ref={heading} tabIndex={-1} class="notice-title">
        {invitation.email} is invited as {ROLE_LABELS[invitation.role].toLowerCase()}
      </h3>
      <p>
        {invitation.emailed
          ? `The link was e-mailed to ${invitation.email}. You can also pass it on yourself.`
          : `The link was not e-mailed: send it to ${invitation.email} yourself.`}
      </p>
      <p class="strong">Copy the link now: you will not see it again.</p>
      <div class="secret-row">
        <code id="new-invitation-link" class="secret break-anywhere">
          {invitation.accept_url}
        </code>
        <CopyValueButton text={invitation.accept_url ?? ""} what="invitation link" />
      </div>
      <p class="notice-hint">
        It works once, for {invitation.email} only, until{" "}
        <time dateTime={invitation.expires_at}>{formatDateTime(invitation.expires_at)}</time>.
      </p>
      <button type="button" class="button button-secondary button-small" onClick={onDismiss}>
        I have the link
      </button>
    </div>
  );
}
