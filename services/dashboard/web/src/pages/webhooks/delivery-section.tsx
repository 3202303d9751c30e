import { useEffect, useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { announce } from "../../components/announce";
import { asApiError } from "../../components/as-api-error";
import { ErrorNotice } from "../../components/error-notice";
import { Pager } from "../../components/pager";
import { ProblemNotice } from "../../components/problem-notice";
import { useApiQuery } from "../../components/use-api-query";
import { updateSearch } from "../../router";
import { DeliveryLog } from "./delivery-log";
import { listDeliveries } from "./list-deliveries";
import { RecoverForm } from "./recover-form";
import { replayDelivery } from "./replay-delivery";
import type { Delivery } from "./webhook";

interface DeliverySectionProps {
  webhookId: string;
  page: number;
  /** Changes when the page sent something (a test event): the log is read again. */
  refreshKey: number;
}

/**
 * Queued and retrying deliveries are attempted within seconds, so while there are some the log
 * is read again at this pace (well inside the REST rate limit) and shows their outcome.
 */
const POLL_MS = 2_500;

/** The delivery log with replay and recovery; it follows pending deliveries until they settle. */
export function DeliverySection({ webhookId, page, refreshKey }: DeliverySectionProps) {
  const [ownKey, setOwnKey] = useState(0);
  const deliveries = useApiQuery(`deliveries:${webhookId}:${page}#${refreshKey}.${ownKey}`, (signal) =>
    listDeliveries(webhookId, page, signal),
  );
  const [replaying, setReplaying] = useState<string | null>(null);
  const [replayProblem, setReplayProblem] = useState<{ delivery: Delivery; error: ApiError } | null>(null);
  const refresh = () => setOwnKey((key) => key + 1);

  // One being sent now (its next_attempt_at is then the end of the worker's hold, minutes away)
  // has its outcome in moments, as has one due within the minute.
  const pendingSoon = deliveries.data?.deliveries.some(
    (delivery) =>
      delivery.status === "pending" &&
      (delivery.in_flight ||
        delivery.next_attempt_at === null ||
        Date.parse(delivery.next_attempt_at) - Date.now() < 60_000),
  );
  useEffect(() => {
    if (!pendingSoon || deliveries.refreshing) return;
    const timer = window.setTimeout(refresh, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [pendingSoon, deliveries.refreshing, deliveries.data]);

  const replay = async (delivery: Delivery) => {
    if (replaying) return;
    setReplaying(delivery.id);
    setReplayProblem(null);
    try {
      await replayDelivery(webhookId, delivery.id);
      announce(`Sending the ${delivery.event_type} delivery again`);
      refresh();
    } catch (error) {
      setReplayProblem({ delivery, error: asApiError(error, "The delivery was not sent again. Try again.") });
    } finally {
      setReplaying(null);
    }
  };

  return (
    <section class="section" aria-labelledby="deliveries-heading">
      <div class="webhook-section-header">
        <h2 id="deliveries-heading" tabIndex={-1}>
          Deliveries
        </h2>
        <button type="button" class="button button-secondary button-small" onClick={refresh}>
          Refresh<span class="visually-hidden"> the deliveries</span>
        </button>
      </div>
      <p class="muted">
        Each event is tried again for about three days (after 5 s, 5 min, 30 min, then hours) until the
        receiver answers 2xx within 15 s. Replays keep the webhook-id, so receivers can skip repeats.
      </p>
      {replayProblem && (
        <ProblemNotice
          id="replay-problem"
          title={`The ${replayProblem.delivery.event_type} delivery was not sent again`}
          error={replayProblem.error}
        />
      )}
      {deliveries.status === "loading" && (
        <p class="muted" role="status">
          Loading deliveries…
        </p>
      )}
      {deliveries.status === "error" && (
        <ErrorNotice
          title="Deliveries could not be loaded"
          error={deliveries.error}
          onRetry={deliveries.reload}
        />
      )}
      {deliveries.status === "ready" && deliveries.data.deliveries.length === 0 && (
        <div class="empty-state">
          <p class="empty-title">No deliveries yet</p>
          <p>Send a test event above, or wait for one of the events this endpoint receives.</p>
        </div>
      )}
      {deliveries.status === "ready" && deliveries.data.deliveries.length > 0 && (
        <>
          <DeliveryLog
            deliveries={deliveries.data.deliveries}
            busy={deliveries.refreshing}
            replaying={replaying}
            onReplay={replay}
          />
          <Pager
            label="Pages of deliveries"
            page={deliveries.data.pagination.page}
            totalPages={deliveries.data.pagination.totalPages}
            total={deliveries.data.pagination.total}
            limit={deliveries.data.pagination.limit}
            onPage={(next) => {
              updateSearch({ page: next === 1 ? undefined : next });
              document.getElementById("deliveries-heading")?.focus();
            }}
          />
        </>
      )}
      <div class="subsection">
        <h3 class="subsection-title">Recover after an outage</h3>
        <RecoverForm
          webhookId={webhookId}
          onRecovered={(count) => {
            announce(
              count === 0
                ? "No failed deliveries since then"
                : `${count} failed ${count === 1 ? "delivery" : "deliveries"} queued again`,
            );
            refresh();
          }}
        />
      </div>
    </section>
  );
}
