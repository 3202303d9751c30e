import type { Delivery } from "./webhook";

/** Longer answers are folded: the log stays readable, the whole excerpt one click away. */
const SHORT_EXCERPT = 160;

const FAILURES: Record<string, string> = {
  blocked_address: "Address refused (private or reserved)",
  timeout: "No answer within 15 s",
  connect: "Could not connect",
  tls: "TLS handshake failed",
  redirect: "Redirected (redirects are not followed)",
  http_status: "Answered with an error status",
  body_too_large: "Answer too large",
  invalid_url: "Invalid URL",
};

/** The receiver's answer to the last attempt: its status, why it failed, and the start of its body. */
export function DeliveryResponse({ delivery }: { delivery: Delivery }) {
  const attempt = delivery.last_attempt;
  if (!attempt) return <span class="muted">Not attempted yet</span>;
  const excerpt = attempt.response_excerpt;
  return (
    <div class="webhook-response">
      <p>
        {attempt.status_code === null ? (
          <span class="strong">No answer</span>
        ) : (
          <span class="strong">HTTP {attempt.status_code}</span>
        )}
        {attempt.failure && (
          <span class="webhook-failure">
            {" "}
            · {FAILURES[attempt.failure.kind] ?? attempt.failure.kind}
            {attempt.failure.detail && `: ${attempt.failure.detail}`}
          </span>
        )}
      </p>
      {excerpt !== "" && (
        <pre class="webhook-excerpt">
          {excerpt.length > SHORT_EXCERPT ? `${excerpt.slice(0, SHORT_EXCERPT)}…` : excerpt}
        </pre>
      )}
      {excerpt.length > SHORT_EXCERPT && (
        <details>
          <summary>
            Response body <span class="muted">({excerpt.length} characters)</span>
          </summary>
          <pre class="webhook-excerpt">{excerpt}</pre>
        </details>
      )}
    </div>
  );
}
