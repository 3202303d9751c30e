import { FormFooter } from "../../components/form-footer";
import { TextField } from "../../components/text-field";
import { useFieldsForm } from "../../components/use-fields-form";
import type { Workspace } from "../../components/workspace";
import { renameWorkspace } from "./rename-workspace";

const fieldId = () => "workspace-name";

/** Renames the workspace (admins and owners); everyone in it sees the new name. */
export function RenameWorkspaceForm({
  workspace,
  onRenamed,
}: {
  workspace: Workspace;
  onRenamed: () => void;
}) {
  const form = useFieldsForm({
    initial: { name: workspace.name },
    // An emptied name is sent as it is: the API says what a name must be.
    save: (body) => renameWorkspace(workspace.id, body.name ?? ""),
    saved: "Workspace renamed",
    fieldId,
    onSaved: onRenamed,
  });
  return (
    <form
      class="stack-form"
      onSubmit={form.submit}
      noValidate
      aria-label="Rename the workspace"
      aria-describedby={form.problem ? "rename-problem" : undefined}
    >
      <TextField
        id={fieldId()}
        label="Workspace name"
        required
        value={form.values.name}
        onValue={(value) => form.change("name", value)}
        error={form.errors.get("name")}
        autoComplete="off"
        maxLength={100}
      />
      <FormFooter
        id="rename-problem"
        problem={form.problem}
        pending={form.pending}
        label="Rename workspace"
      />
    </form>
  );
}
