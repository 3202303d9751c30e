import { formatDateTime } from "../../components/format-date";
import type { Webhook } from "./webhook";

const REASONS: Record<string, string> = {
  gone: "Disabled by Kurz: the receiver answered 410 Gone",
  failing: "Disabled by Kurz: every attempt failed for 5 days",
  secret: "Disabled by Kurz: its signing secret can no longer be read; rotate the secret and enable it",
  plan: "Paused: your plan does not include this endpoint; it resumes when you upgrade",
};

/** Whether an endpoint receives events, and why not when Kurz turned it off or it keeps failing. */
export function WebhookStatus({ webhook }: { webhook: Webhook }) {
  if (!webhook.enabled) {
    const reason = webhook.disabled_reason ? REASONS[webhook.disabled_reason] : undefined;
    return (
      <span class="webhook-status">
        <span class={`badge ${reason ? "badge-failed" : ""}`}>Disabled</span>
        {reason && <span class="webhook-status-detail">{reason}</span>}
      </span>
    );
  }
  if (webhook.failing_since) {
    return (
      <span class="webhook-status">
        <span class="badge badge-warn">Failing</span>
        <span class="webhook-status-detail">
          Every attempt has failed since{" "}
          <time dateTime={webhook.failing_since}>{formatDateTime(webhook.failing_since)}</time>
        </span>
      </span>
    );
  }
  return (
    <span class="webhook-status">
      <span class="badge badge-verified">Enabled</span>
    </span>
  );
}
