import { SCOPES, type Scope } from "@kurz/auth-verifier";
import { html } from "./html";
import { csrfField, type PageChrome, renderPage } from "./layout";

export interface ConsentPageModel {
  csrfToken: string;
  appName: string;
  /** Where the app says it lives (client_uri) or where it will send you back. */
  appHost: string;
  accountEmail: string;
  scopes: Scope[];
  /** The validated authorization parameters, carried to the decision. */
  params: URLSearchParams;
  /** The person's workspaces (a choice is offered when there are several) and the one preselected. */
  workspaces: Array<{ id: string; name: string; role: string }>;
  chosenWorkspace: string;
  error?: string | undefined;
}

export function renderConsentPage(chrome: PageChrome, model: ConsentPageModel): string {
  const initial = model.appName.trim().charAt(0).toUpperCase() || "?";
  return renderPage(
    `Authorize ${model.appName}`,
    { ...chrome, narrow: true },
    html`<section class="card" aria-labelledby="title">
  <div class="app-badge"><div class="icon" aria-hidden="true">${initial}</div>
    <div><h1 id="title">${model.appName} wants to access your ${chrome.brand} account</h1>
    <p class="muted">${model.appHost}</p></div></div>
  <p>Signed in as <strong>${model.accountEmail}</strong>. If you allow it, ${model.appName} will be able to:</p>
  <ul class="scopes">
    ${model.scopes.map((scope) => html`<li>${SCOPES[scope]} <code>${scope}</code></li>`)}
  </ul>
  <p class="muted">You can disconnect ${model.appName} at any time under Authorized apps.</p>
  ${model.error ? html`<div class="alert error" role="alert">${model.error}</div>` : ""}
  <form method="post" action="/auth/consent">
    ${csrfField(model.csrfToken)}
    ${
      model.workspaces.length > 1
        ? html`<div class="field"><label for="workspace_id">Workspace it acts in</label>
      <select id="workspace_id" name="workspace_id">
        ${model.workspaces.map(
          (w) =>
            html`<option value="${w.id}"${w.id === model.chosenWorkspace ? html` selected` : ""}>${w.name} (${w.role})</option>`,
        )}
      </select></div>`
        : ""
    }
    ${[...model.params.entries()].map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
    <div class="actions">
      <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
      <button type="submit" name="decision" value="allow">Allow</button>
    </div>
  </form>
</section>`,
  );
}
