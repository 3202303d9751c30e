import type { JSX } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { announce } from "../../components/announce";
import { asApiError } from "../../components/as-api-error";
import type { LinkImport } from "./link-import";
import { type ExportPreview, readExportPreview } from "./read-export-preview";
import { type ImportOptions, startImport } from "./start-import";

export const FILE_FIELD_ID = "import-file";

const DEFAULT_OPTIONS: ImportOptions = {
  format: "",
  // Checking first is the safer default for a file from another service.
  dryRun: true,
  onConflict: "skip",
  tags: "",
  campaignId: "",
};

/** The file and options an import was started with: "Import for real" sends them again. */
export interface StartedImport {
  id: string;
  file: File;
  options: ImportOptions;
}

export interface ImportForm {
  file: File | null;
  /** Undefined while the chosen file is being read. */
  preview: ExportPreview | undefined;
  options: ImportOptions;
  fileError: string | undefined;
  pending: boolean;
  problem: ApiError | null;
  /** The last import this form started (kept after the page moves on to watch it). */
  started: StartedImport | null;
  chooseFile: (file: File | null) => void;
  change: <K extends keyof ImportOptions>(option: K, value: ImportOptions[K]) => void;
  submit: (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => void;
  /** Starts the same file with the same options, not as a dry run. */
  importForReal: () => void;
  /** An empty form for another file. */
  reset: () => void;
}

/**
 * The import form's one state: the chosen file (read in the browser for its format and first
 * rows), the options, and the upload. `onStarted` hears of each import it queues.
 */
export function useImportForm(onStarted: (linkImport: LinkImport) => void): ImportForm {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ExportPreview | undefined>(undefined);
  const [options, setOptions] = useState<ImportOptions>(DEFAULT_OPTIONS);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [started, setStarted] = useState<StartedImport | null>(null);
  // The file chosen last: a slower read of an earlier choice must not replace its preview.
  const chosenLast = useRef<File | null>(null);
  // An upload answering after the page was left must not bring the reader back to it.
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const chooseFile = (chosen: File | null) => {
    chosenLast.current = chosen;
    setFile(chosen);
    setPreview(undefined);
    setFileError(undefined);
    setProblem(null);
    if (!chosen) return;
    const show = (read: ExportPreview) => {
      if (chosenLast.current === chosen) setPreview(read);
    };
    readExportPreview(chosen).then(show, () => show({ detected: undefined, columns: [], rows: [] }));
  };

  const change = <K extends keyof ImportOptions>(option: K, value: ImportOptions[K]) =>
    setOptions((current) => ({ ...current, [option]: value }));

  const upload = async (chosen: File, chosenOptions: ImportOptions) => {
    if (pending) return;
    setPending(true);
    setProblem(null);
    try {
      const linkImport = await startImport(chosen, chosenOptions);
      setStarted({ id: linkImport.id, file: chosen, options: chosenOptions });
      if (!mounted.current) return;
      announce(
        chosenOptions.dryRun ? `Dry run of ${chosen.name} started` : `Import of ${chosen.name} started`,
      );
      onStarted(linkImport);
    } catch (error) {
      setProblem(asApiError(error, "The file could not be uploaded. Try again."));
    } finally {
      setPending(false);
    }
  };

  const submit = (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setFileError("Choose the export file to import");
      document.getElementById(FILE_FIELD_ID)?.focus();
      return;
    }
    void upload(file, options);
  };

  const importForReal = () => {
    if (started) void upload(started.file, { ...started.options, dryRun: false });
  };

  const reset = () => {
    chosenLast.current = null;
    setFile(null);
    setPreview(undefined);
    setOptions(DEFAULT_OPTIONS);
    setFileError(undefined);
    setProblem(null);
  };

  return {
    file,
    preview,
    options,
    fileError,
    pending,
    problem,
    started,
    chooseFile,
    change,
    submit,
    importForReal,
    reset,
  };
}
