import { useState } from "preact/hooks";
import { currentWorkspaceId } from "../../api/current-workspace";
import { ErrorNotice } from "../../components/error-notice";
import { getWorkspace } from "../../components/get-workspace";
import { ownAccount } from "../../components/own-account";
import { useApiQuery } from "../../components/use-api-query";
import { managesMembers } from "../../components/workspace";
import { workspacesChanged } from "../../components/workspaces-changed";
import { DeleteWorkspaceSection } from "./delete-workspace-section";
import { InvitationsSection } from "./invitations-section";
import { InviteSection } from "./invite-section";
import { listInvitations } from "./list-invitations";
import { listMembers } from "./list-members";
import { MembersSection } from "./members-section";
import { SsoSection } from "./sso-section";
import { WorkspaceCard } from "./workspace-card";

/** The team of the workspace the page acts in; who the person is comes first (their own id). */
export function TeamView() {
  const own = useApiQuery("own-account", () => ownAccount());
  if (own.status === "loading") {
    return (
      <p class="muted" role="status">
        Loading your team…
      </p>
    );
  }
  if (own.status === "error") {
    return <ErrorNotice title="Your team could not be loaded" error={own.error} onRetry={own.reload} />;
  }
  return <Team me={own.data.id} workspaceId={currentWorkspaceId() ?? own.data.id} />;
}

/**
 * The workspace (rename), its members (roles, remove, leave), an invitation form with the link
 * to pass on, and the pending invitations. Below admin, everything is shown read-only.
 */
function Team({ me, workspaceId }: { me: string; workspaceId: string }) {
  const [workspaceVersion, setWorkspaceVersion] = useState(0);
  const [membersVersion, setMembersVersion] = useState(0);
  const [invitationsVersion, setInvitationsVersion] = useState(0);
  const workspace = useApiQuery(`workspace:${workspaceId}#${workspaceVersion}`, (signal) =>
    getWorkspace(workspaceId, signal),
  );
  const members = useApiQuery(`members:${workspaceId}#${membersVersion}`, (signal) =>
    listMembers(workspaceId, signal),
  );
  const invitations = useApiQuery(`invitations:${workspaceId}#${invitationsVersion}`, (signal) =>
    listInvitations(workspaceId, signal),
  );

  if (workspace.status === "loading") {
    return (
      <p class="muted" role="status">
        Loading the workspace…
      </p>
    );
  }
  if (workspace.status === "error") {
    return (
      <ErrorNotice
        title="The workspace could not be loaded"
        error={workspace.error}
        onRetry={workspace.reload}
      />
    );
  }

  const { role } = workspace.data;
  const manages = managesMembers(role);
  return (
    <>
      <WorkspaceCard
        workspace={workspace.data}
        onRenamed={() => {
          setWorkspaceVersion((n) => n + 1);
          workspacesChanged();
        }}
      />
      <MembersSection
        workspace={workspace.data}
        me={me}
        own={workspaceId === me}
        members={members}
        onChanged={() => setMembersVersion((n) => n + 1)}
      />
      {manages && (
        <InviteSection
          workspaceId={workspaceId}
          role={role}
          onInvited={() => setInvitationsVersion((n) => n + 1)}
        />
      )}
      <InvitationsSection
        workspaceId={workspaceId}
        manages={manages}
        invitations={invitations}
        onChanged={() => setInvitationsVersion((n) => n + 1)}
      />
      {manages && <SsoSection workspace={workspace.data} />}
      {role === "owner" && workspaceId !== me && <DeleteWorkspaceSection workspace={workspace.data} />}
    </>
  );
}
