import { useEffect, useRef, useState } from "preact/hooks";
import { announce } from "../../components/announce";
import { ErrorNotice } from "../../components/error-notice";
import { Pager } from "../../components/pager";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { updateSearch } from "../../router";
import { getAccount } from "../account/get-account";
import { createWebhook } from "./create-webhook";
import { DeleteWebhookDialog } from "./delete-webhook-dialog";
import { listWebhooks } from "./list-webhooks";
import { NewSecretNotice } from "./new-secret-notice";
import { isPlanRefusal, PlanRequiredNotice } from "./plan-required-notice";
import type { Webhook } from "./webhook";
import { EMPTY_WEBHOOK_DRAFT } from "./webhook-draft";
import { WebhookForm } from "./webhook-form";
import { WebhookList } from "./webhook-list";

/** The webhooks page without a chosen endpoint: create one (its secret shown once), and the list. */
export function WebhookOverview({ page }: { page: number }) {
  usePageTitle("Webhooks");
  const [refreshKey, setRefreshKey] = useState(0);
  // A new key empties the create form after each endpoint made.
  const [formKey, setFormKey] = useState(0);
  const webhooks = useApiQuery(`webhooks:${page}#${refreshKey}`, (signal) => listWebhooks(page, signal));
  // Every plan's sign-in holds the webhook scopes; the plan decides what may be created. Without
  // webhooks (a downgrade), the endpoints stay listed, readable, and can be disabled and deleted.
  const account = useApiQuery("account", getAccount);
  const planLacksWebhooks = account.status === "ready" && !account.data.plan.webhooks;
  const [created, setCreated] = useState<Webhook | null>(null);
  const [toDelete, setToDelete] = useState<Webhook | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const focusList = useRef(false);

  useEffect(() => {
    if (toDelete === null && focusList.current) {
      focusList.current = false;
      listHeading.current?.focus();
    }
  }, [toDelete]);

  const saved = (webhook: Webhook) => {
    setCreated(webhook);
    announce(`Endpoint created: ${webhook.url}. Copy its signing secret now: you will not see it again.`);
    setFormKey((key) => key + 1);
    if (page !== 1) updateSearch({ page: undefined });
    setRefreshKey((key) => key + 1);
  };

  const deleted = (webhook: Webhook) => {
    focusList.current = true;
    setToDelete(null);
    if (created?.id === webhook.id) setCreated(null);
    announce(`Deleted the endpoint ${webhook.url}`);
    if (webhooks.data?.webhooks.length === 1 && page > 1) updateSearch({ page: page - 1 });
    setRefreshKey((key) => key + 1);
  };

  // A sign-in without the webhook scopes: nothing can be listed; say so once, with the way out.
  if (webhooks.status === "error" && isPlanRefusal(webhooks.error)) {
    return <PlanRequiredNotice error={webhooks.error} />;
  }

  return (
    <>
      {planLacksWebhooks ? (
        <PlanRequiredNotice />
      ) : (
        <section class="card" aria-labelledby="new-webhook-heading">
          <h2 id="new-webhook-heading">Add an endpoint</h2>
          {created?.secret && (
            <NewSecretNotice
              secret={created.secret}
              onDismiss={() => {
                setCreated(null);
                document.getElementById("new-webhook-url")?.focus();
              }}
            />
          )}
          <WebhookForm
            key={formKey}
            idPrefix="new-webhook"
            initial={EMPTY_WEBHOOK_DRAFT}
            submitLabel="Add endpoint"
            pendingLabel="Adding…"
            failureTitle="The endpoint was not added"
            save={createWebhook}
            onSaved={saved}
          />
        </section>
      )}

      <section class="section" aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading" ref={listHeading} tabIndex={-1}>
          Your endpoints
        </h2>
        {webhooks.status === "loading" && (
          <p class="muted" role="status">
            Loading endpoints…
          </p>
        )}
        {webhooks.status === "error" && (
          <ErrorNotice
            title="Endpoints could not be loaded"
            error={webhooks.error}
            onRetry={webhooks.reload}
          />
        )}
        {webhooks.status === "ready" && webhooks.data.webhooks.length === 0 && (
          <div class="empty-state">
            <p class="empty-title">No endpoints yet</p>
            <p>
              {planLacksWebhooks
                ? "Your plan does not include webhooks."
                : "Add one above: Kurz then posts the events you chose to it as they happen."}
            </p>
          </div>
        )}
        {webhooks.status === "ready" && webhooks.data.webhooks.length > 0 && (
          <>
            <WebhookList
              webhooks={webhooks.data.webhooks}
              busy={webhooks.refreshing}
              onDelete={setToDelete}
            />
            <Pager
              label="Pages of endpoints"
              page={webhooks.data.pagination.page}
              totalPages={webhooks.data.pagination.totalPages}
              total={webhooks.data.pagination.total}
              limit={webhooks.data.pagination.limit}
              onPage={(next) => {
                updateSearch({ page: next === 1 ? undefined : next });
                listHeading.current?.focus();
              }}
            />
          </>
        )}
      </section>

      {toDelete && (
        <DeleteWebhookDialog webhook={toDelete} onCancel={() => setToDelete(null)} onDeleted={deleted} />
      )}
    </>
  );
}
