/**
 * The workspace the page acts in (docs/api/workspaces.md#acting-in-a-workspace): none chosen is
 * the person's own. The choice is kept in localStorage, so it holds across reloads and tabs, and
 * the API client names it in every call's Kurz-Workspace header.
 */
export const WORKSPACE_HEADER = "Kurz-Workspace";

const STORAGE_KEY = "kurz.workspace";
const COOKIE_NAME = "kurz_workspace";
/** Set when the chosen workspace refused the person (removed): the next page load says so. */
const LOST_KEY = "kurz.workspace-lost";

function read(storage: () => Storage, key: string): string | undefined {
  try {
    return storage().getItem(key) ?? undefined;
  } catch {
    // Storage can be switched off (privacy settings): then the person's own workspace it is.
    return undefined;
  }
}

function write(storage: () => Storage, key: string, value: string | undefined): void {
  try {
    if (value === undefined) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // As above: nothing is kept.
  }
}

/**
 * The same choice in a cookie the relay reads for requests that cannot carry a header (a plain
 * download link): only the workspace id, only for /app, never sent to another site.
 */
function rememberInCookie(id: string | undefined): void {
  document.cookie =
    id === undefined
      ? `${COOKIE_NAME}=; Path=/app; Max-Age=0; SameSite=Strict`
      : `${COOKIE_NAME}=${encodeURIComponent(id)}; Path=/app; SameSite=Strict`;
}

/** The chosen workspace's id; undefined: the person's own. */
export function currentWorkspaceId(): string | undefined {
  const id = read(() => window.localStorage, STORAGE_KEY);
  // A choice made before the cookie existed, or a cookie cleared by the browser: set it again.
  if (id !== undefined && !document.cookie.includes(`${COOKIE_NAME}=${id}`)) rememberInCookie(id);
  return id;
}

/**
 * Acts in another workspace (undefined: the person's own) from now on: every part of the page
 * read the old one's data, so the page loads again.
 */
export function switchWorkspace(id: string | undefined): void {
  write(() => window.localStorage, STORAGE_KEY, id);
  rememberInCookie(id);
  window.location.reload();
}

let leaving = false;

/**
 * The chosen workspace refused the person (they were removed from it): drop the choice and load
 * the page again in their own, which then says why (takeWorkspaceLost). Runs once, as several
 * calls in flight may all learn it at the same moment.
 */
export function dropLostWorkspace(): void {
  if (leaving) return;
  leaving = true;
  write(() => window.sessionStorage, LOST_KEY, "1");
  switchWorkspace(undefined);
}

/** Whether the last page load dropped a workspace the person was removed from (asked once). */
export function takeWorkspaceLost(): boolean {
  const lost = read(() => window.sessionStorage, LOST_KEY) !== undefined;
  if (lost) write(() => window.sessionStorage, LOST_KEY, undefined);
  return lost;
}

/**
 * A fetch for a call that must act in the person's own workspace whatever is chosen (who the
 * person is: their own workspace's id is theirs). The client's middleware has named the chosen
 * one by then; this takes it off again.
 */
export function fetchInOwnWorkspace(request: Request): Promise<Response> {
  request.headers.delete(WORKSPACE_HEADER);
  return fetch(request);
}
