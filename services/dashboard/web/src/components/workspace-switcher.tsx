import { useEffect, useRef, useState } from "preact/hooks";
import { currentWorkspaceId, dropLostWorkspace, switchWorkspace } from "../api/current-workspace";
import { CreateWorkspaceForm } from "./create-workspace-form";
import { ErrorNotice } from "./error-notice";
import type { WorkspacesState } from "./use-workspaces";
import { ROLE_LABELS } from "./workspace";

const PANEL_ID = "workspace-panel";

/**
 * The header's workspace menu: the workspace the page acts in, the others the person belongs to
 * (name and role), switching to one (the page loads again in it), and creating one. The header
 * lists the workspaces (useWorkspaces) and hands them in.
 */
export function WorkspaceSwitcher({ workspaces }: { workspaces: WorkspacesState }) {
  const { listed, currentId, current } = workspaces;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const chosen = currentWorkspaceId();

  // The chosen workspace is no longer the person's: back to their own.
  useEffect(() => {
    if (listed.status === "ready" && chosen && !current) dropLostWorkspace();
  }, [listed.status, chosen, current]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  // Closed by Escape (the focus back on the button), a click elsewhere, or the focus leaving it.
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);

  return (
    <div class="workspace-switcher" ref={root}>
      <button
        ref={button}
        type="button"
        class="button button-secondary workspace-button"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span class="visually-hidden">Workspace: </span>
        <span class="workspace-button-name">{current?.name ?? "Workspace"}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div id={PANEL_ID} class="workspace-panel">
          <p id="workspace-panel-title" class="workspace-panel-title">
            Your workspaces
          </p>
          {listed.status === "loading" && (
            <p class="muted" role="status">
              Loading your workspaces…
            </p>
          )}
          {listed.status === "error" && (
            <ErrorNotice
              title="Your workspaces could not be loaded"
              error={listed.error}
              onRetry={listed.reload}
            />
          )}
          {listed.status === "ready" && (
            <ul class="workspace-list" aria-labelledby="workspace-panel-title">
              {listed.data.workspaces.map((workspace) => {
                const isCurrent = workspace.id === currentId;
                return (
                  <li key={workspace.id}>
                    <button
                      type="button"
                      class="workspace-choice"
                      aria-current={isCurrent ? "true" : undefined}
                      onClick={() => {
                        if (isCurrent) close();
                        else switchWorkspace(workspace.id === listed.data.ownId ? undefined : workspace.id);
                      }}
                    >
                      <span class="workspace-choice-name">{workspace.name}</span>
                      <span class="workspace-choice-role">
                        {ROLE_LABELS[workspace.role]}
                        {isCurrent && <span class="badge badge-verified">Current</span>}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <CreateWorkspaceForm />
        </div>
      )}
    </div>
  );
}
