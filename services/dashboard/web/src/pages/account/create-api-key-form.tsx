import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { fieldErrorsOf } from "../../api/field-errors";
import { asApiError } from "../../components/as-api-error";
import { CheckboxField } from "../../components/checkbox-field";
import { ProblemNotice } from "../../components/problem-notice";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { ROLE_LABELS, type Role } from "../../components/workspace";
import type { CreatedApiKey } from "./api-key";
import { createApiKey } from "./create-api-key";
import { describePermission, MCP_PERMISSION } from "./key-permissions";
import { describeKeyRoles, keyRolesUpTo, roleProblemOf } from "./key-roles";

interface CreateApiKeyFormProps {
  /** The scopes a key may carry here (plan and session both allow them). */
  scopes: string[];
  mcpAccess: boolean;
  planName: string;
  /** The person's role in the workspace the page acts in: the most a key made here may do. */
  role: Role;
  onCreated: (key: CreatedApiKey) => void;
}

const NAME_ID = "key-name";
const ROLE_ID = "key-role";
const permissionId = (permission: string) => `key-permission-${permission.replace(/[^a-z0-9]/gi, "-")}`;

/** Refusals about what the key may do: shown at the permissions, not above the form. */
const PERMISSION_CODES = new Set(["PLAN_REQUIRED", "FORBIDDEN"]);

/**
 * Names a new key and chooses what it may do: the MCP server (the `mcp` permission,
 * docs/api/account.md#api-keys), the REST scopes, and the most it may do in the workspace (its
 * role, up to the person's own). The secret is shown by the page once the key exists.
 */
export function CreateApiKeyForm({ scopes, mcpAccess, planName, role, onCreated }: CreateApiKeyFormProps) {
  const roles = keyRolesUpTo(role);
  const [name, setName] = useState("");
  const [keyRole, setKeyRole] = useState<Role>(role);
  const [roleError, setRoleError] = useState<string | undefined>(undefined);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [permissionsProblem, setPermissionsProblem] = useState<ApiError | string | null>(null);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);

  const toggle = (permission: string, on: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });
    setPermissionsProblem(null);
  };

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    const trimmed = name.trim();
    const noName = trimmed === "" ? "Name the key after where it is used, e.g. Claude Desktop" : undefined;
    const noPermission = chosen.size === 0 ? "Choose at least one permission" : null;
    setNameError(noName);
    setPermissionsProblem(noPermission);
    if (noName || noPermission) {
      document.getElementById(noName ? NAME_ID : permissionId([MCP_PERMISSION, ...scopes][0] ?? ""))?.focus();
      return;
    }
    setPending(true);
    try {
      // In the order the form lists them, so the key's list reads the same way.
      const permissions = [MCP_PERMISSION, ...scopes].filter((permission) => chosen.has(permission));
      const key = await createApiKey({ name: trimmed, permissions, role: keyRole });
      setName("");
      setChosen(new Set());
      setKeyRole(role);
      onCreated(key);
    } catch (error) {
      const failure = asApiError(error, "The API key could not be created. Try again.");
      const fields = fieldErrorsOf(failure);
      const roleProblem = roleProblemOf(failure, keyRole);
      if (fields.has("name")) {
        setNameError(fields.get("name"));
        document.getElementById(NAME_ID)?.focus();
      } else if (roleProblem) {
        setRoleError(roleProblem);
        document.getElementById(ROLE_ID)?.focus();
      } else if (fields.has("permissions") || PERMISSION_CODES.has(failure.code)) {
        setPermissionsProblem(failure);
        document.getElementById("key-permissions-problem")?.focus();
      } else {
        setProblem(failure);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      class="stack-form"
      onSubmit={submit}
      noValidate
      aria-describedby={problem ? "key-problem" : undefined}
    >
      <TextField
        id={NAME_ID}
        label="Key name"
        required
        value={name}
        onValue={(value) => {
          setName(value);
          setNameError(undefined);
        }}
        error={nameError}
        hint="Where the key is used, so you can tell your keys apart."
        placeholder="Claude Desktop"
        autoComplete="off"
        maxLength={100}
      />
      <SelectField
        id={ROLE_ID}
        label="Most it may do"
        value={keyRole}
        options={roles.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        onValue={(value) => {
          setKeyRole(value as Role);
          setRoleError(undefined);
        }}
        error={roleError}
        hint={describeKeyRoles(roles)}
      />
      <fieldset
        class="fieldset"
        aria-describedby={permissionsProblem ? "key-permissions-problem" : undefined}
      >
        <legend>Permissions</legend>
        <p class="fieldset-hint">A key can do only what you tick here, never more than your plan allows.</p>
        <div class="checkbox-grid">
          <CheckboxField
            id={permissionId(MCP_PERMISSION)}
            label="MCP server"
            checked={chosen.has(MCP_PERMISSION)}
            onChecked={(on) => toggle(MCP_PERMISSION, on)}
            hint={
              mcpAccess
                ? "Lets AI assistants use Kurz's MCP tools with this key (header x-mcp-key). Tick the scopes the tools need too."
                : `Not part of the ${planName} plan: MCP access needs Pro or higher.`
            }
          />
          {scopes.map((scope) => (
            <CheckboxField
              key={scope}
              id={permissionId(scope)}
              label={describePermission(scope)}
              checked={chosen.has(scope)}
              onChecked={(on) => toggle(scope, on)}
              hint={scope}
            />
          ))}
        </div>
        {typeof permissionsProblem === "string" && (
          <p id="key-permissions-problem" class="field-error" tabIndex={-1}>
            {permissionsProblem}
          </p>
        )}
        {permissionsProblem !== null && typeof permissionsProblem !== "string" && (
          <div tabIndex={-1} id="key-permissions-problem">
            <ProblemNotice
              id="key-permissions-notice"
              title="The key was not created"
              error={permissionsProblem}
            />
          </div>
        )}
      </fieldset>
      <div class="form-actions">
        <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
          Create API key
        </button>
        <span class="form-pending" role="status">
          {pending ? "Creating…" : ""}
        </span>
      </div>
      {problem && <ProblemNotice id="key-problem" title="The key was not created" error={problem} />}
    </form>
  );
}
