import { useState } from "preact/hooks";
import { currentSession } from "../../api/session";
import { ErrorNotice } from "../../components/error-notice";
import { formatDate, formatDateTime } from "../../components/format-date";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { ApiKeysSection } from "./api-keys-section";
import { getAccount } from "./get-account";
import { getCurrentRole } from "./get-current-role";
import { getUsage } from "./get-usage";
import { offeredScopes } from "./key-permissions";
import { listApiKeys } from "./list-api-keys";
import { PlanLimits } from "./plan-limits";
import { UsageMeters } from "./usage-meters";

/** Where auth-server lists the apps the person let in through OAuth (the REST API has no list). */
const AUTHORIZED_APPS_URL = "/account/apps";

/**
 * Who is signed in, the plan and what of it is used, API keys (create, shown once, revoke), the
 * authorized apps, and what this dashboard session may do.
 */
export function AccountPage() {
  usePageTitle("Account");
  const [keysKey, setKeysKey] = useState(0);
  const account = useApiQuery("account", getAccount);
  const usage = useApiQuery("usage", getUsage);
  const keys = useApiQuery(`api-keys#${keysKey}`, listApiKeys);
  const role = useApiQuery("current-role", getCurrentRole);
  const session = currentSession();

  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Account</h1>
        <p class="page-intro">Your plan and what you use of it, API keys, and the apps you let in.</p>
      </div>
      {account.status === "loading" && (
        <p class="muted" role="status">
          Loading your account…
        </p>
      )}
      {account.status === "error" && (
        <ErrorNotice
          title="Your account could not be loaded"
          error={account.error}
          onRetry={account.reload}
        />
      )}
      {account.status === "ready" && (
        <>
          <div class="card-grid">
            <section class="card" aria-labelledby="usage-heading">
              <h2 id="usage-heading">Plan: {account.data.plan.name}</h2>
              <p class="muted">What you use of what the {account.data.plan.name} plan includes.</p>
              {usage.status === "loading" && (
                <p class="muted" role="status">
                  Loading usage…
                </p>
              )}
              {usage.status === "error" && (
                <ErrorNotice title="Usage could not be loaded" error={usage.error} onRetry={usage.reload} />
              )}
              {usage.status === "ready" && (
                <UsageMeters
                  plan={account.data.plan}
                  usage={usage.data}
                  apiKeys={keys.status === "ready" ? keys.data.length : undefined}
                />
              )}
            </section>
            <section class="card" aria-labelledby="plan-heading">
              <h2 id="plan-heading">What the plan allows</h2>
              <PlanLimits plan={account.data.plan} />
            </section>
          </div>

          <div class="section">
            <ApiKeysSection
              keys={keys}
              role={role}
              scopes={offeredScopes(account.data.plan.grantable_scopes, session.scopes)}
              mcpAccess={account.data.plan.mcp_access}
              planName={account.data.plan.name}
              onChanged={() => setKeysKey((key) => key + 1)}
            />
          </div>

          <div class="card-grid">
            <section class="card" aria-labelledby="profile-heading">
              <h2 id="profile-heading">Profile</h2>
              <dl class="facts">
                <div>
                  <dt>Name</dt>
                  <dd>{account.data.name || "—"}</dd>
                </div>
                <div>
                  <dt>Email</dt>
                  <dd class="break-anywhere">{account.data.email}</dd>
                </div>
                <div>
                  <dt>Member since</dt>
                  <dd>{formatDate(account.data.created_at)}</dd>
                </div>
              </dl>
            </section>
            <section class="card" aria-labelledby="apps-heading">
              <h2 id="apps-heading">Authorized apps</h2>
              <p>
                Apps you signed in to with your Kurz account (OAuth) are listed, and can be disconnected, on
                your Kurz account's own page.
              </p>
              <p>
                <a href={AUTHORIZED_APPS_URL}>Manage authorized apps</a>
              </p>
            </section>
          </div>
        </>
      )}
      <section class="card section" aria-labelledby="session-heading">
        <h2 id="session-heading">This dashboard session</h2>
        <p>Signed in {formatDateTime(session.signedInAt)}. It may:</p>
        <ul class="scopes">
          {session.scopes.map((scope) => (
            <li key={scope} class="code">
              {scope}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
