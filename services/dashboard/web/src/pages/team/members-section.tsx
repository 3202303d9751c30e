import { useRef, useState } from "preact/hooks";
import { switchWorkspace } from "../../api/current-workspace";
import { announce } from "../../components/announce";
import { ErrorNotice } from "../../components/error-notice";
import type { ApiQuery } from "../../components/use-api-query";
import type { Workspace } from "../../components/workspace";
import { MemberList } from "./member-list";
import { RemoveMemberDialog } from "./remove-member-dialog";
import type { Member } from "./team-types";

interface MembersSectionProps {
  workspace: Workspace;
  /** The person's id. */
  me: string;
  /** The person's own workspace (they do not leave it). */
  own: boolean;
  members: ApiQuery<Member[]>;
  onChanged: () => void;
}

/** The members table, and the confirmation before someone is removed or the person leaves. */
export function MembersSection({ workspace, me, own, members, onChanged }: MembersSectionProps) {
  const [toRemove, setToRemove] = useState<Member | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const removed = (member: Member) => {
    setToRemove(null);
    if (member.user_id === me) {
      // Nothing of this workspace is the person's any more: on to their own.
      switchWorkspace(undefined);
      return;
    }
    announce(`Removed ${member.email} from ${workspace.name}`);
    onChanged();
    heading.current?.focus();
  };

  return (
    <section class="section" aria-labelledby="members-heading">
      <h2 id="members-heading" ref={heading} tabIndex={-1}>
        Members
      </h2>
      {members.status === "loading" && (
        <p class="muted" role="status">
          Loading members…
        </p>
      )}
      {members.status === "error" && (
        <ErrorNotice title="Members could not be loaded" error={members.error} onRetry={members.reload} />
      )}
      {members.status === "ready" && (
        <MemberList
          workspace={workspace}
          members={members.data}
          me={me}
          own={own}
          busy={members.refreshing}
          onRemove={setToRemove}
          onRoleChanged={onChanged}
        />
      )}
      {toRemove && (
        <RemoveMemberDialog
          workspace={workspace}
          member={toRemove}
          leaving={toRemove.user_id === me}
          onCancel={() => setToRemove(null)}
          onRemoved={removed}
        />
      )}
    </section>
  );
}
