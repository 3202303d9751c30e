import { ConfirmDialog } from "../../components/confirm-dialog";
import type { AbTest } from "./ab-test";
import { deleteAbTest } from "./delete-ab-test";

interface DeleteAbTestDialogProps {
  test: AbTest;
  onCancel: () => void;
  onDeleted: (test: AbTest) => void;
}

/** Asks before deleting a test, saying what happens to its link and its numbers. */
export function DeleteAbTestDialog({ test, onCancel, onDeleted }: DeleteAbTestDialogProps) {
  const live = test.status === "running" || test.status === "paused";
  return (
    <ConfirmDialog
      id="delete-ab-test"
      title="Delete this A/B test?"
      confirmLabel="Delete test"
      pendingLabel="Deleting…"
      onConfirm={() => deleteAbTest(test.id)}
      onCancel={onCancel}
      onDone={() => onDeleted(test)}
    >
      <p>
        <span class="strong break-anywhere">{test.name}</span> will be deleted.{" "}
        {live ? "Its link stops splitting visitors and serves its own destination again. " : ""}
        The link {test.short_url} stays, and its clicks stay in analytics.
      </p>
    </ConfirmDialog>
  );
}
