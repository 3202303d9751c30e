import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { announce } from "../../components/announce";
import { asApiError } from "../../components/as-api-error";
import { ProblemNotice } from "../../components/problem-notice";
import { SelectField } from "../../components/select-field";
import { ROLE_LABELS, type Role } from "../../components/workspace";
import { changeMemberRole } from "./change-member-role";
import type { Member } from "./team-types";

interface MemberRoleFormProps {
  workspaceId: string;
  member: Member;
  /** The roles the person may give (none above their own). */
  roles: readonly Role[];
  onChanged: () => void;
}

/** One member's role: chosen, then changed with the button (a select alone would act on every arrow key). */
export function MemberRoleForm({ workspaceId, member, roles, onChanged }: MemberRoleFormProps) {
  const [role, setRole] = useState<Role>(member.role);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);
  const id = `member-role-${member.user_id}`;

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    if (role === member.role) {
      announce(`${member.email} is already ${ROLE_LABELS[role].toLowerCase()}`);
      return;
    }
    setPending(true);
    try {
      await changeMemberRole(workspaceId, member.user_id, role);
      announce(`${member.email} is now ${ROLE_LABELS[role].toLowerCase()}`);
      onChanged();
    } catch (error) {
      setProblem(asApiError(error, "The role could not be changed. Try again."));
      setRole(member.role);
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      class="member-role-form"
      onSubmit={submit}
      noValidate
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      <SelectField
        id={id}
        label={`Role of ${member.email}`}
        class="field-label-hidden"
        value={role}
        options={roles.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        onValue={(value) => setRole(value as Role)}
      />
      <button
        type="submit"
        class="button button-secondary button-small"
        aria-disabled={pending ? true : undefined}
      >
        {pending ? "Changing…" : "Change role"}
        <span class="visually-hidden"> of {member.email}</span>
      </button>
      {problem && <ProblemNotice id={`${id}-problem`} title="The role was not changed" error={problem} />}
    </form>
  );
}
