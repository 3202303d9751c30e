import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { TextField } from "../../components/text-field";
import { normalizeTag } from "./build-bulk-bodies";

interface BulkTagFormProps {
  pending: boolean;
  onApply: (tag: string) => void;
}

/** A tag to add to every selected link (their other tags stay). */
export function BulkTagForm({ pending, onApply }: BulkTagFormProps) {
  const [tag, setTag] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);

  const submit = (event: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (normalizeTag(tag) === "") {
      setError("Enter a tag to add");
      document.getElementById("bulk-tag")?.focus();
      return;
    }
    onApply(tag);
  };

  return (
    <form class="bulk-form" onSubmit={submit} noValidate aria-label="Add a tag">
      <TextField
        id="bulk-tag"
        label="Tag to add"
        required
        value={tag}
        onValue={(value) => {
          setTag(value);
          setError(undefined);
        }}
        error={error}
        autoComplete="off"
        maxLength={50}
      />
      <button type="submit" class="button button-secondary" aria-disabled={pending ? true : undefined}>
        Add tag
      </button>
    </form>
  );
}
