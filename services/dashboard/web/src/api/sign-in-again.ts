let leaving = false;

/**
 * The dashboard session ended: sign in again and come back to this very page. Runs once, as
 * several calls in flight may all learn it at the same moment.
 */
export function signInAgain(): void {
  if (leaving) return;
  leaving = true;
  const returnTo = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/app/auth/login?return_to=${encodeURIComponent(returnTo)}`);
}
