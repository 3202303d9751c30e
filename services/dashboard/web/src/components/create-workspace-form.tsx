import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { ApiError } from "../api/api-error";
import { switchWorkspace } from "../api/current-workspace";
import { fieldErrorsOf } from "../api/field-errors";
import { announce } from "./announce";
import { asApiError } from "./as-api-error";
import { createWorkspace } from "./create-workspace";
import { ProblemNotice } from "./problem-notice";
import { TextField } from "./text-field";

const NAME_ID = "new-workspace-name";

/** Names a new workspace (free plan, the person its owner), then acts in it. */
export function CreateWorkspaceForm() {
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    const trimmed = name.trim();
    if (trimmed === "") {
      setNameError("Name the workspace, e.g. after your team or a client");
      document.getElementById(NAME_ID)?.focus();
      return;
    }
    setPending(true);
    try {
      const workspace = await createWorkspace(trimmed);
      announce(`Workspace “${workspace.name}” created`);
      switchWorkspace(workspace.id);
    } catch (error) {
      const failure = asApiError(error, "The workspace could not be created. Try again.");
      const field = fieldErrorsOf(failure).get("name");
      if (field) {
        setNameError(field);
        document.getElementById(NAME_ID)?.focus();
      } else {
        setProblem(failure);
      }
      setPending(false);
    }
  };

  return (
    <form
      class="stack-form workspace-create"
      onSubmit={submit}
      noValidate
      aria-label="Create a workspace"
      aria-describedby={problem ? "new-workspace-problem" : undefined}
    >
      <TextField
        id={NAME_ID}
        label="New workspace"
        required
        value={name}
        onValue={(value) => {
          setName(value);
          setNameError(undefined);
        }}
        error={nameError}
        hint="On the free plan, you its owner. You switch to it at once."
        placeholder="Marketing team"
        autoComplete="off"
        maxLength={100}
      />
      <div class="form-actions">
        <button type="submit" class="button button-small" aria-disabled={pending ? true : undefined}>
          Create workspace
        </button>
        <span class="form-pending" role="status">
          {pending ? "Creating…" : ""}
        </span>
      </div>
      {problem && (
        <ProblemNotice id="new-workspace-problem" title="The workspace was not created" error={problem} />
      )}
    </form>
  );
}
