import type { Browser } from "./form-browser";

export interface DashboardSession {
  /** The `Cookie` header value of the browser, its dashboard session included. */
  cookie: string;
  /** What the web app sends in `x-csrf-token` with state-changing calls. */
  csrfToken: string;
}

/**
 * Opens the dashboard in a browser already logged in at auth-server: /app/auth/login → authorize
 * (first-party: no consent) → callback, then reads the CSRF token from /app/session.
 */
export async function openDashboardSession(browser: Browser): Promise<DashboardSession> {
  const login = await browser.get("/app/auth/login");
  const authorized = await browser.get(login.location ?? "");
  const callback = await browser.get(authorized.location ?? "");
  if (callback.status !== 302 || !browser.cookies.has("kurz_app")) {
    throw new Error(
      `openDashboardSession: the sign-in did not complete (${callback.status} ${callback.body.slice(0, 200)})`,
    );
  }
  const session = await browser.get("/app/session");
  const { csrfToken } = JSON.parse(session.body) as { csrfToken: string };
  return { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; "), csrfToken };
}
