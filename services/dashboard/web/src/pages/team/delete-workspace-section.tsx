import { useState } from "preact/hooks";
import { switchWorkspace } from "../../api/current-workspace";
import { ConfirmDialog } from "../../components/confirm-dialog";
import type { Workspace } from "../../components/workspace";
import { deleteWorkspace } from "./delete-workspace";

/**
 * An owner's way out of a workspace they created: deleting it, with everything in it, after
 * confirming. The page then acts in the person's own workspace.
 */
export function DeleteWorkspaceSection({ workspace }: { workspace: Workspace }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section class="card" aria-labelledby="delete-workspace-heading">
      <h2 id="delete-workspace-heading">Delete this workspace</h2>
      <p class="muted">
        Its links stop redirecting, and its QR codes, campaigns, domains, A/B tests, webhooks, API keys,
        members and audit log are deleted. This cannot be undone.
      </p>
      <button type="button" class="button button-danger" onClick={() => setConfirming(true)}>
        Delete workspace
      </button>
      {confirming && (
        <ConfirmDialog
          id="delete-workspace"
          title="Delete this workspace?"
          confirmLabel="Delete workspace"
          pendingLabel="Deleting…"
          onConfirm={() => deleteWorkspace(workspace.id)}
          onCancel={() => setConfirming(false)}
          onDone={() => switchWorkspace(undefined)}
        >
          <p>
            <span class="strong break-anywhere">{workspace.name}</span> and everything in it is deleted for
            everyone, at once.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
