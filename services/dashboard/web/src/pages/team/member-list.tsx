import { formatDate } from "../../components/format-date";
import { managesMembers, ROLE_LABELS, ROLES, roleAtLeast, type Workspace } from "../../components/workspace";
import { MemberRoleForm } from "./member-role-form";
import type { Member } from "./team-types";

interface MemberListProps {
  workspace: Workspace;
  members: Member[];
  me: string;
  own: boolean;
  busy: boolean;
  onRemove: (member: Member) => void;
  onRoleChanged: () => void;
}

/**
 * Everyone in the workspace. Admins and owners change the role of, and remove, members not above
 * their own role; anyone but the owner of their own workspace may leave.
 */
export function MemberList({ workspace, members, me, own, busy, onRemove, onRoleChanged }: MemberListProps) {
  const myRole = workspace.role;
  const assignable = ROLES.filter((role) => roleAtLeast(myRole, role));
  return (
    <div class="table-wrap">
      <table class="data-table" aria-busy={busy}>
        <caption class="visually-hidden">Members of {workspace.name}</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Joined</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const isMe = member.user_id === me;
            const manageable = !isMe && managesMembers(myRole) && roleAtLeast(myRole, member.role);
            const emailId = `member-email-${member.user_id}`;
            return (
              <tr key={member.user_id}>
                <td data-label="Email" class="strong break-anywhere">
                  {/* One element: on a phone the cell is a grid of its label and its value. */}
                  <span>
                    <span id={emailId}>{member.email}</span>
                    {isMe && <span class="badge member-you">You</span>}
                  </span>
                </td>
                <td data-label="Name" class="break-anywhere">
                  {member.name || <span class="muted">—</span>}
                </td>
                <td data-label="Role">
                  {manageable ? (
                    <MemberRoleForm
                      workspaceId={workspace.id}
                      member={member}
                      roles={assignable}
                      onChanged={onRoleChanged}
                    />
                  ) : (
                    ROLE_LABELS[member.role]
                  )}
                </td>
                <td data-label="Joined">
                  <time dateTime={member.joined_at}>{formatDate(member.joined_at)}</time>
                </td>
                <td class="cell-actions">
                  {manageable && (
                    <button
                      type="button"
                      class="button button-danger button-small"
                      onClick={() => onRemove(member)}
                      aria-describedby={emailId}
                    >
                      Remove
                    </button>
                  )}
                  {isMe && !own && (
                    <button
                      type="button"
                      class="button button-secondary button-small"
                      onClick={() => onRemove(member)}
                    >
                      Leave<span class="visually-hidden"> {workspace.name}</span>
                    </button>
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
