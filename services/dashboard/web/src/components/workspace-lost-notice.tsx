import { useState } from "preact/hooks";
import { takeWorkspaceLost } from "../api/current-workspace";

/**
 * Said once after the page dropped a workspace the person was removed from (client.ts): why they
 * see their own workspace now.
 */
export function WorkspaceLostNotice() {
  const [shown, setShown] = useState(takeWorkspaceLost);
  if (!shown) return null;
  return (
    <div class="notice notice-error workspace-lost" role="alert">
      <p class="notice-title">You are no longer a member of the workspace you were in</p>
      <p>You were removed from it, or left it, so the dashboard shows your own workspace again.</p>
      <button type="button" class="button button-secondary button-small" onClick={() => setShown(false)}>
        Dismiss
      </button>
    </div>
  );
}
