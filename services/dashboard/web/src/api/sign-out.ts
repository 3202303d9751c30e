import { currentSession, loadSession } from "./session";

const logout = (csrfToken: string) =>
  fetch("/app/auth/logout", {
    method: "POST",
    headers: { "x-csrf-token": csrfToken },
    credentials: "same-origin",
  });

/** Ends the dashboard session (the server also revokes its tokens), then leaves the app. */
export async function signOut(): Promise<void> {
  let response = await logout(currentSession().csrfToken);
  if (response.status === 403) {
    // Another tab signed in again since this page loaded: its session has a new CSRF token.
    const session = await loadSession();
    if (session.signedIn) response = await logout(session.csrfToken);
  }
  if (!response.ok && response.status !== 403) {
    throw new Error(`Signing out failed (HTTP ${response.status}). Try again.`);
  }
  window.location.assign("/app/signed-out");
}
