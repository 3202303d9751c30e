import { formatDate } from "../../components/format-date";
import { managesMembers, ROLE_LABELS, type Workspace } from "../../components/workspace";
import { RenameWorkspaceForm } from "./rename-workspace-form";

const planName = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);

/** The workspace: its name (a rename form for admins and owners), plan and the person's role. */
export function WorkspaceCard({ workspace, onRenamed }: { workspace: Workspace; onRenamed: () => void }) {
  return (
    <section class="card" aria-labelledby="workspace-heading">
      <h2 id="workspace-heading">{workspace.name}</h2>
      <dl class="facts facts-inline">
        <div>
          <dt>Plan</dt>
          <dd>{planName(workspace.plan)}</dd>
        </div>
        <div>
          <dt>Your role</dt>
          <dd>{ROLE_LABELS[workspace.role]}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={workspace.created_at}>{formatDate(workspace.created_at)}</time>
          </dd>
        </div>
      </dl>
      {managesMembers(workspace.role) ? (
        <RenameWorkspaceForm workspace={workspace} onRenamed={onRenamed} />
      ) : (
        <p class="muted">
          You see the team as {workspace.role === "member" ? "a member" : "a viewer"}: admins and owners
          rename the workspace, invite people and change their roles.
        </p>
      )}
    </section>
  );
}
