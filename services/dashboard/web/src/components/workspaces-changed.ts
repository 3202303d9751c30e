/** Tells the workspace switcher to list the workspaces again (one was renamed or left). */
const EVENT = "kurz:workspaces-changed";

export function workspacesChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function onWorkspacesChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
