/** What GET /app/session answers (the backend-for-frontend, not the public API). */
export type SessionAnswer =
  | { signedIn: true; csrfToken: string; scopes: string[]; signedInAt: string }
  | { signedIn: false; signInUrl: string };

export type SignedInSession = Extract<SessionAnswer, { signedIn: true }>;

let current: SignedInSession | undefined;

/** Asks the server whether this browser is signed in, and keeps the answer for later calls. */
export async function loadSession(): Promise<SessionAnswer> {
  const response = await fetch("/app/session", {
    headers: { accept: "application/json" },
    cache: "no-store",
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`The session could not be read (HTTP ${response.status})`);
  const answer = (await response.json()) as SessionAnswer;
  current = answer.signedIn ? answer : undefined;
  return answer;
}

/** The signed-in session; main.tsx renders the app only once there is one. */
export function currentSession(): SignedInSession {
  if (!current) throw new Error("No session loaded");
  return current;
}
