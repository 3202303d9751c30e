import { SCOPES } from "@kurz/auth-verifier";
import { MCP_PERMISSION } from "../api-keys/api-key-permissions";
import type { AccountRow, ApiKeyRow } from "../db/schema";
import type { AuthorizedApp } from "../oauth/authorized-apps";
import { type Limit, UNLIMITED } from "../plans/limit";
import { GRANTABLE_SCOPES, type Plan, planOf } from "../plans/plans";
import type { WorkspaceAccount } from "../workspaces/find-workspace-account";
import { html, type SafeHtml } from "./html";
import { csrfField, field, type PageChrome, renderPage } from "./layout";

const quota = (limit: Limit, unit = "") =>
  limit === UNLIMITED
    ? "Unlimited"
    : limit === 0
      ? "Not included"
      : `${limit.toLocaleString("en-US")}${unit}`;
const date = (value: Date | null) =>
  value ? value.toISOString().slice(0, 16).replace("T", " ") + " UTC" : "Never";

function planFacts(plan: Plan): SafeHtml {
  const yes = (on: boolean) => (on ? "Included" : "Not included");
  return html`<dl class="facts">
    <dt>Short links</dt><dd>${quota(plan.maxLinks)}</dd>
    <dt>QR codes</dt><dd>${quota(plan.maxQrCodes)}</dd>
    <dt>Branded domains</dt><dd>${quota(plan.maxBrandedDomains)}</dd>
    <dt>Subdomains</dt><dd>${quota(plan.maxSubdomains)}</dd>
    <dt>Campaigns</dt><dd>${quota(plan.maxCampaigns)}</dd>
    <dt>A/B tests</dt><dd>${plan.abTests ? quota(plan.maxAbTests) : "Not included"}</dd>
    <dt>Webhooks</dt><dd>${plan.webhooks ? quota(plan.maxWebhookEndpoints, " endpoints") : "Not included"}</dd>
    <dt>API keys</dt><dd>${quota(plan.maxApiKeys)}</dd>
    <dt>MCP server</dt><dd>${yes(plan.mcpAccess)}</dd>
    <dt>Analytics history</dt><dd>${plan.analyticsRetentionDays} days</dd>
    <dt>API rate limit</dt><dd>${plan.restRequestsPerMinute.toLocaleString("en-US")} requests/minute</dd>
    ${plan.mcpAccess ? html`<dt>MCP rate limit</dt><dd>${plan.mcpRequestsPerMinute.toLocaleString("en-US")} calls/minute</dd>` : ""}
  </dl>`;
}

/** The person and the workspace created with them (its plan). */
export function renderAccountPage(
  chrome: PageChrome,
  account: AccountRow,
  workspace: WorkspaceAccount,
): string {
  const plan = planOf(workspace.plan);
  return renderPage(
    "Your account",
    { ...chrome, current: "account" },
    html`<section class="card" aria-labelledby="title">
  <h1 id="title">${account.name || "Your account"}</h1>
  <p class="lead">${account.email} · member since ${account.createdAt.toISOString().slice(0, 10)}</p>
</section>
<section class="card" aria-labelledby="plan">
  <h2 id="plan">Plan <span class="plan">${plan.name}</span></h2>
  ${planFacts(plan)}
</section>`,
  );
}

export interface ApiKeysPageModel {
  csrfToken: string;
  /** The workspace the keys belong to. */
  account: WorkspaceAccount;
  keys: ApiKeyRow[];
  /** Just created: the secret is shown this once. */
  created?: { name: string; secret: string } | undefined;
  errors?: Record<string, string>;
  form?: { name: string; permissions: string[] };
  notice?: string | undefined;
}

function permissionLabel(permission: string): string {
  return permission === MCP_PERMISSION
    ? "Use the MCP server (AI assistants)"
    : (SCOPES[permission as keyof typeof SCOPES] ?? permission);
}

export function renderApiKeysPage(chrome: PageChrome, model: ApiKeysPageModel): string {
  const plan = planOf(model.account.plan);
  const errors = model.errors ?? {};
  const chosen = new Set(model.form?.permissions ?? [MCP_PERMISSION, "shorturl:read", "shorturl:create"]);
  const offered = [MCP_PERMISSION, ...GRANTABLE_SCOPES];
  return renderPage(
    "API keys",
    { ...chrome, current: "api-keys" },
    html`${
      model.created
        ? html`<section class="card" aria-labelledby="created">
  <div class="alert success" role="status" id="created">API key “${model.created.name}” created.</div>
  <p>Copy it now: for your security it will not be shown again.</p>
  <p class="secret" aria-label="Your new API key">${model.created.secret}</p>
  <p class="hint">Send it in the <code>x-mcp-key</code> header.</p>
</section>`
        : ""
    }
${model.notice ? html`<div class="alert success" role="status">${model.notice}</div>` : ""}
<section class="card" aria-labelledby="title">
  <h1 id="title">API keys</h1>
  <p class="lead">Keys let AI assistants and scripts use ${chrome.brand} through the MCP server.</p>
  ${
    model.keys.length === 0
      ? html`<p class="muted">You have no API keys yet.</p>`
      : html`<table>
    <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Permissions</th><th scope="col">Last used</th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
    <tbody>
    ${model.keys.map(
      (key) => html`<tr>
      <td>${key.name}<br><span class="hint">Created ${date(key.createdAt)}</span></td>
      <td><code>${key.displayPrefix}…</code></td>
      <td>${key.permissions.map((p) => html`<code>${p}</code> `)}</td>
      <td>${date(key.lastUsedAt)}</td>
      <td><form method="post" action="/account/api-keys/${key.id}/revoke">${csrfField(model.csrfToken)}
        <button type="submit" class="danger" aria-label="Revoke ${key.name}">Revoke</button></form></td>
    </tr>`,
    )}
    </tbody></table>`
  }
</section>
<section class="card" aria-labelledby="create">
  <h2 id="create">Create an API key</h2>
  ${!plan.mcpAccess ? html`<div class="alert error" role="note">MCP access is part of the Pro plan and up; your plan is ${plan.name}.</div>` : ""}
  <form method="post" action="/account/api-keys">
    ${csrfField(model.csrfToken)}
    ${field({ name: "name", label: "Name", type: "text", value: model.form?.name ?? "", error: errors.name, autocomplete: "off", hint: "For example: Claude on my laptop" })}
    <fieldset${errors.permissions ? html` aria-describedby="permissions-error"` : ""}>
      <legend>Permissions</legend>
      <div class="checks">
      ${offered.map(
        (permission) =>
          html`<label><input type="checkbox" name="permissions" value="${permission}"${
            chosen.has(permission) ? html` checked` : ""
          }${permission === MCP_PERMISSION && !plan.mcpAccess ? html` disabled` : ""}> ${permissionLabel(permission)}</label>`,
      )}
      </div>
      ${errors.permissions ? html`<p class="field-error" id="permissions-error">${errors.permissions}</p>` : ""}
    </fieldset>
    ${errors.form ? html`<div class="alert error" role="alert">${errors.form}</div>` : ""}
    <button type="submit" class="full">Create key</button>
  </form>
</section>`,
  );
}

export function renderAppsPage(
  chrome: PageChrome,
  model: { csrfToken: string; apps: AuthorizedApp[]; notice?: string | undefined },
): string {
  return renderPage(
    "Authorized apps",
    { ...chrome, current: "apps" },
    html`${model.notice ? html`<div class="alert success" role="status">${model.notice}</div>` : ""}
<section class="card" aria-labelledby="title">
  <h1 id="title">Authorized apps</h1>
  <p class="lead">Applications you allowed to use your ${chrome.brand} account.</p>
  ${
    model.apps.length === 0
      ? html`<p class="muted">No application has access to your account.</p>`
      : html`<table>
    <thead><tr><th scope="col">Application</th><th scope="col">Can</th><th scope="col">Last used</th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
    <tbody>
    ${model.apps.map(
      (app) => html`<tr>
      <td>${app.clientName}<br><span class="hint">Authorized ${date(app.authorizedAt)}</span></td>
      <td>${app.scopes.map((s) => html`<code>${s}</code> `)}</td>
      <td>${date(app.lastUsedAt)}</td>
      <td><form method="post" action="/account/apps/${encodeURIComponent(app.clientId)}/revoke">${csrfField(model.csrfToken)}
        <button type="submit" class="danger" aria-label="Disconnect ${app.clientName}">Disconnect</button></form></td>
    </tr>`,
    )}
    </tbody></table>`
  }
</section>`,
  );
}
