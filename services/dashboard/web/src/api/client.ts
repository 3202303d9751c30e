import createClient, { type Middleware } from "openapi-fetch";
import { currentWorkspaceId, dropLostWorkspace, WORKSPACE_HEADER } from "./current-workspace";
import type { paths } from "./schema.generated";
import { currentSession, loadSession } from "./session";
import { signInAgain } from "./sign-in-again";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** Copies of state-changing requests, kept so one refused for a stale CSRF token can be sent again. */
const retryCopies = new WeakMap<Request, Request>();

interface ErrorFields {
  code?: unknown;
  details?: { workspace_id?: unknown } | null;
}

/** The code and details of an error answer (empty for an answer that is not the API's JSON). */
async function errorFields(response: Response): Promise<ErrorFields> {
  try {
    const body: unknown = await response.clone().json();
    return typeof body === "object" && body !== null ? (body as ErrorFields) : {};
  } catch {
    return {};
  }
}

async function errorCode(response: Response): Promise<string | undefined> {
  const { code } = await errorFields(response);
  return typeof code === "string" ? code : undefined;
}

/**
 * The workspace the page acts in (current-workspace.ts) is named in every call. One the person
 * no longer belongs to is refused with FORBIDDEN naming it: the choice is dropped and the page
 * loads again in the person's own workspace.
 */
const workspaceMiddleware: Middleware = {
  onRequest({ request }) {
    const workspace = currentWorkspaceId();
    if (workspace) request.headers.set(WORKSPACE_HEADER, workspace);
  },
  async onResponse({ response }) {
    const workspace = currentWorkspaceId();
    if (response.status !== 403 || !workspace) return;
    const { code, details } = await errorFields(response);
    const refused =
      typeof details?.workspace_id === "string" ? details.workspace_id.toLowerCase() : undefined;
    if (code !== "FORBIDDEN" || refused !== workspace.toLowerCase()) return;
    dropLostWorkspace();
    // The page is leaving: leave the call pending rather than flash an error.
    return new Promise<Response>(() => {});
  },
};

/**
 * The backend-for-frontend's rules: state-changing calls carry the session's CSRF token; a 401
 * AUTHENTICATION_REQUIRED means the session ended, so the browser signs in again.
 */
const sessionMiddleware: Middleware = {
  onRequest({ request }) {
    if (SAFE_METHODS.has(request.method)) return;
    request.headers.set("x-csrf-token", currentSession().csrfToken);
    retryCopies.set(request, request.clone());
  },
  async onResponse({ request, response }) {
    if (response.status === 401 && (await errorCode(response)) === "AUTHENTICATION_REQUIRED") {
      signInAgain();
      // The page is leaving: leave the call pending rather than flash an error.
      return new Promise<Response>(() => {});
    }
    if (response.status === 403 && !SAFE_METHODS.has(request.method)) {
      const copy = retryCopies.get(request);
      if (!copy || (await errorCode(response)) !== "CSRF_FAILED") return;
      // Another tab signed in again since this page loaded: take the new session's token, once.
      const session = await loadSession();
      if (!session.signedIn) {
        signInAgain();
        return new Promise<Response>(() => {});
      }
      copy.headers.set("x-csrf-token", session.csrfToken);
      return fetch(copy);
    }
    return;
  },
};

/**
 * The public REST API through the dashboard's relay: `/api/v1/urls` is called as
 * `/app/api/v1/urls`, and the server adds the access token (the page never holds it).
 */
export const api = createClient<paths>({ baseUrl: "/app", credentials: "same-origin" });
// The workspace first: the session's copy of a write (for its CSRF retry) must name it too.
api.use(workspaceMiddleware, sessionMiddleware);
