import { currentSession } from "../../api/session";
import { ErrorNotice } from "../../components/error-notice";
import { formatDate, formatDateTime } from "../../components/format-date";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { getAccount } from "./get-account";
import { getLinkUsage } from "./get-link-usage";
import { LinkUsage } from "./link-usage";
import { PlanLimits } from "./plan-limits";

/** Who is signed in, the plan and its limits, link usage, and what this dashboard session may do. */
export function AccountPage() {
  usePageTitle("Account");
  const account = useApiQuery("account", getAccount);
  const usage = useApiQuery("link-usage", getLinkUsage);
  const session = currentSession();

  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Account</h1>
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
          <section class="card" aria-labelledby="plan-heading">
            <h2 id="plan-heading">Plan: {account.data.plan.name}</h2>
            <PlanLimits plan={account.data.plan} />
          </section>
        </div>
      )}
      <div class="card-grid">
        <section class="card" aria-labelledby="usage-heading">
          <h2 id="usage-heading">Usage</h2>
          {usage.status === "loading" && (
            <p class="muted" role="status">
              Loading usage…
            </p>
          )}
          {usage.status === "error" && (
            <ErrorNotice title="Usage could not be loaded" error={usage.error} onRetry={usage.reload} />
          )}
          {usage.status === "ready" && <LinkUsage usage={usage.data} />}
        </section>
        <section class="card" aria-labelledby="session-heading">
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
    </div>
  );
}
