import { ProblemNotice } from "../../components/problem-notice";
import { useLinkChoices } from "../links/link-choices";
import { ExportPreview } from "./export-preview";
import { ImportFileField } from "./import-file-field";
import { ImportOptionsFields } from "./import-options-fields";
import { FILE_FIELD_ID, type ImportForm as ImportFormState } from "./use-import-form";

/** Choose the export, see what the browser reads of it, set the options, start. */
export function ImportForm({ form }: { form: ImportFormState }) {
  const { campaigns } = useLinkChoices();
  const { pending, problem } = form;
  return (
    <form
      class="import-form"
      onSubmit={form.submit}
      noValidate
      aria-describedby={problem ? "import-problem" : undefined}
    >
      <ImportFileField id={FILE_FIELD_ID} file={form.file} error={form.fileError} onFile={form.chooseFile} />
      {form.file && <ExportPreview preview={form.preview} chosen={form.options.format} />}
      <ImportOptionsFields options={form.options} campaigns={campaigns} onChange={form.change} />
      <div class="form-actions">
        <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
          {form.options.dryRun ? "Start dry run" : "Start import"}
        </button>
        <button type="button" class="button button-ghost" onClick={form.reset}>
          Clear form
        </button>
        <span class="form-pending" role="status">
          {pending ? "Uploading…" : ""}
        </span>
      </div>
      {problem && <ProblemNotice id="import-problem" title="The import was not started" error={problem} />}
    </form>
  );
}
