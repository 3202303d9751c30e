import type { FoundInvitation } from "../invitations/find-invitation";
import { html } from "./html";
import { csrfField, type PageChrome, renderPage } from "./layout";

export interface InvitationPageModel {
  found: FoundInvitation | undefined;
  /** The page's own path (/auth/invitations/<secret>), where log-in and sign-up come back to. */
  path: string;
  csrfToken: string;
  /** The signed-in person, if any. */
  person: { email: string } | undefined;
  error?: string | undefined;
}

const STATE_TEXT = {
  accepted: "This invitation was already used.",
  revoked: "This invitation was withdrawn.",
  expired: "This invitation has expired. Ask for a new one.",
} as const;

/**
 * An invitation's page: who invites you where and as what; then, depending on who is signed in,
 * log in or sign up with the invited address, switch accounts, or join.
 */
export function renderInvitationPage(chrome: PageChrome, model: InvitationPageModel): string {
  const { found, person } = model;
  if (!found) {
    return page(
      chrome,
      "Invitation not found",
      html`<p class="lead" role="alert">This invitation link is not valid.</p>`,
    );
  }
  const { invitation } = found;
  const intro = html`<p class="lead">${found.inviterName || "Someone"} invited <strong>${invitation.email}</strong> to
    the workspace <strong>${found.workspaceName}</strong> as <strong>${invitation.role}</strong>.</p>`;
  if (found.state !== "pending") {
    return page(chrome, "Invitation", html`${intro}<p role="alert">${STATE_TEXT[found.state]}</p>`);
  }
  const back = encodeURIComponent(model.path);
  const error = model.error ? html`<div class="alert error" role="alert">${model.error}</div>` : "";
  if (!person) {
    return page(
      chrome,
      "Join the workspace",
      html`${intro}${error}<p>Log in, or create an account, with ${invitation.email} to accept it.</p>
  <p><a class="button" href="/auth/login?return_to=${back}">Log in</a>
  <a href="/auth/signup?return_to=${back}">Create an account</a></p>`,
    );
  }
  if (person.email !== invitation.email) {
    return page(
      chrome,
      "Join the workspace",
      html`${intro}${error}<p role="alert">You are logged in as ${person.email}. The invitation is for
    ${invitation.email} only: log out, then log in with that address.</p>`,
    );
  }
  return page(
    chrome,
    "Join the workspace",
    html`${intro}${error}<form method="post" action="${model.path}/accept">
    ${csrfField(model.csrfToken)}
    <button type="submit" class="full">Join ${found.workspaceName}</button>
  </form>`,
  );
}

export function renderInvitationAcceptedPage(
  chrome: PageChrome,
  workspaceName: string,
  role: string,
): string {
  return page(
    chrome,
    "You joined the workspace",
    html`<p class="lead">You are now ${role === "admin" || role === "owner" ? "an" : "a"} ${role} of
    <strong>${workspaceName}</strong>.</p><p><a href="/app">Open the dashboard</a></p>`,
  );
}

function page(chrome: PageChrome, title: string, body: ReturnType<typeof html>): string {
  return renderPage(
    title,
    { ...chrome, narrow: true },
    html`<section class="card" aria-labelledby="title"><h1 id="title">${title}</h1>${body}</section>`,
  );
}
