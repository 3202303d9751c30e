import { useEffect, useRef } from "preact/hooks";
import { currentSession } from "../../api/session";
import { useLocation } from "../../router";
import { PlanRequiredNotice } from "./plan-required-notice";
import { WebhookDetail } from "./webhook-detail";
import { WebhookOverview } from "./webhook-overview";

const pageOf = (value: string | null) => Math.max(1, Math.floor(Number(value) || 1));

/**
 * Webhooks: the endpoints with a create form, or one endpoint (`?id=`) with its delivery log.
 * Both views live in the URL, so each is a link that can be shared or reloaded.
 */
export function WebhooksView() {
  const { search } = useLocation();
  const id = search.get("id");
  const page = pageOf(search.get("page"));
  const firstView = useRef(true);

  // Between the list and one endpoint the path stays the same, so the app does not move the
  // focus: start reading at the new view's heading, as after a page change.
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    document.querySelector<HTMLElement>("main h1")?.focus();
  }, [id]);

  // Every plan grants webhook:read; only a sign-in older than that rule lacks it (no call would
  // succeed). What the plan lacks the overview says itself.
  const allowed = currentSession().scopes.includes("webhook:read");

  if (id && allowed) return <WebhookDetail key={id} id={id} page={page} />;
  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Webhooks</h1>
        <p class="page-intro">
          Kurz posts signed events (a link created, a QR code scanned…) to your endpoints as they happen.
        </p>
      </div>
      {allowed ? <WebhookOverview page={page} /> : <PlanRequiredNotice />}
    </div>
  );
}
