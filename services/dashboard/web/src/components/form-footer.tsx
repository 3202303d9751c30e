interface FormFooterProps {
  id: string;
  problem: { message: string; hint?: string | undefined } | null;
  pending: boolean;
  label: string;
}

/** A fields form's refusal notice (useFieldsForm), its save button and the pending status. */
export function FormFooter({ id, problem, pending, label }: FormFooterProps) {
  return (
    <>
      {problem && (
        <div id={id} class="notice notice-error" role="alert">
          <p class="notice-title">{problem.message}</p>
          {problem.hint && <p class="notice-hint">{problem.hint}</p>}
        </div>
      )}
      <div class="form-actions">
        <button type="submit" class="button" aria-disabled={pending ? true : undefined}>
          {label}
        </button>
        <span class="form-pending" role="status">
          {pending ? "Saving…" : ""}
        </span>
      </div>
    </>
  );
}
