import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { fieldErrorsOf } from "../../api/field-errors";
import { asApiError } from "../../components/as-api-error";
import { ProblemNotice } from "../../components/problem-notice";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { ROLE_LABELS, type Role } from "../../components/workspace";
import { inviteMember } from "./invite-member";
import type { Invitation } from "./team-types";

interface InviteMemberFormProps {
  workspaceId: string;
  /** The roles the person may give. */
  roles: readonly Role[];
  onInvited: (invitation: Invitation) => void;
}

const EMAIL_ID = "invite-email";
const ROLE_ID = "invite-role";

const ROLE_HINTS: Record<Role, string> = {
  owner: "Everything, the plan and other owners included.",
  admin: "Everything but the plan: also domains, webhooks, API keys and the team.",
  member: "Creates and changes links, QR codes, campaigns and A/B tests.",
  viewer: "Sees everything, changes nothing.",
};

/** An address and a role; refusals (a member already, the plan's member limit) are shown beside it. */
export function InviteMemberForm({ workspaceId, roles, onInvited }: InviteMemberFormProps) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>(roles.includes("member") ? "member" : (roles.at(-1) ?? "viewer"));
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) {
      setErrors(new Map([["email", "Enter the e-mail address of the person to invite"]]));
      document.getElementById(EMAIL_ID)?.focus();
      return;
    }
    setPending(true);
    try {
      onInvited(await inviteMember(workspaceId, { email: address, role }));
    } catch (error) {
      const failure = asApiError(error, "The invitation could not be sent. Try again.");
      const fields = fieldErrorsOf(failure);
      setErrors(fields);
      if (fields.size > 0) {
        document.getElementById(fields.has("email") ? EMAIL_ID : ROLE_ID)?.focus();
      } else {
        setProblem(failure);
      }
      setPending(false);
    }
  };

  return (
    <form
      class="stack-form"
      onSubmit={submit}
      noValidate
      aria-label="Invite someone"
      aria-describedby={problem ? "invite-problem" : undefined}
    >
      <div class="field-grid">
        <TextField
          id={EMAIL_ID}
          label="Email address"
          type="email"
          required
          value={email}
          onValue={(value) => {
            setEmail(value);
            setErrors(new Map());
          }}
          error={errors.get("email")}
          placeholder="sam@example.com"
          autoComplete="off"
        />
        <SelectField
          id={ROLE_ID}
          label="Role"
          value={role}
          options={roles.map((value) => ({ value, label: ROLE_LABELS[value] }))}
          onValue={(value) => setRole(value as Role)}
          error={errors.get("role")}
          hint={ROLE_HINTS[role]}
        />
      </div>
      <div class="form-actions">
        <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
          Send invitation
        </button>
        <span class="form-pending" role="status">
          {pending ? "Inviting…" : ""}
        </span>
      </div>
      {problem && <ProblemNotice id="invite-problem" title="Nobody was invited" error={problem} />}
    </form>
  );
}
