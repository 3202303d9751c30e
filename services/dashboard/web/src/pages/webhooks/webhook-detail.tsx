import { useRef, useState } from "preact/hooks";
import type { ApiError } from "../../api/api-error";
import { announce } from "../../components/announce";
import { AppLink } from "../../components/app-link";
import { asApiError } from "../../components/as-api-error";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ErrorNotice } from "../../components/error-notice";
import { ProblemNotice } from "../../components/problem-notice";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { navigate, pathOf } from "../../router";
import { DeleteWebhookDialog } from "./delete-webhook-dialog";
import { DeliverySection } from "./delivery-section";
import { getWebhook } from "./get-webhook";
import { NewSecretNotice } from "./new-secret-notice";
import { isPlanRefusal, PlanRequiredNotice } from "./plan-required-notice";
import { rotateWebhookSecret } from "./rotate-webhook-secret";
import { sendTestEvent } from "./send-test-event";
import { updateWebhook } from "./update-webhook";
import type { Webhook } from "./webhook";
import { draftOfWebhook } from "./webhook-draft";
import { WebhookFacts } from "./webhook-facts";
import { WebhookForm } from "./webhook-form";

interface WebhookDetailProps {
  id: string;
  page: number;
}

/** One endpoint: what it is, its actions (edit, enable, test, rotate, delete) and its delivery log. */
export function WebhookDetail({ id, page }: WebhookDetailProps) {
  const [refreshKey, setRefreshKey] = useState(0);
  const webhook = useApiQuery(`webhook:${id}#${refreshKey}`, (signal) => getWebhook(id, signal));
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [secret, setSecret] = useState<Webhook | null>(null);
  const [busy, setBusy] = useState<"test" | "toggle" | null>(null);
  const [problem, setProblem] = useState<{ title: string; error: ApiError } | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const rotated = useRef<Webhook | null>(null);
  usePageTitle(webhook.data ? `${webhook.data.description || webhook.data.url} · Webhooks` : "Webhook");

  const refresh = () => setRefreshKey((key) => key + 1);

  const saved = (updated: Webhook) => {
    setEditing(false);
    announce(`Endpoint saved: ${updated.url}`);
    refresh();
    // The form is gone: back to the button that opened it.
    window.setTimeout(() => editButton.current?.focus(), 0);
  };

  const act = async (kind: "test" | "toggle", title: string, action: () => Promise<string>) => {
    if (busy) return;
    setBusy(kind);
    setProblem(null);
    try {
      announce(await action());
      refresh();
    } catch (error) {
      setProblem({ title, error: asApiError(error, `${title}. Try again.`) });
    } finally {
      setBusy(null);
    }
  };

  const sendTest = () =>
    act("test", "The test event was not sent", async () => {
      await sendTestEvent(id);
      return "Test event queued: its delivery appears in the log below";
    });

  const toggle = (current: Webhook) =>
    act(
      "toggle",
      current.enabled ? "The endpoint was not disabled" : "The endpoint was not enabled",
      async () => {
        await updateWebhook(id, { enabled: !current.enabled });
        return current.enabled ? "Endpoint disabled: nothing is sent to it" : "Endpoint enabled";
      },
    );

  return (
    <div class="page">
      <p class="back-link">
        <AppLink href={pathOf("webhooks")}>
          <span aria-hidden="true">← </span>All endpoints
        </AppLink>
      </p>
      {/* One heading element in every state, so the focus put on it stays while the endpoint loads. */}
      <div class="page-header">
        <h1 tabIndex={-1} class="break-anywhere">
          {webhook.data?.url ?? "Webhook endpoint"}
        </h1>
        {webhook.data?.description && <p class="page-intro">{webhook.data.description}</p>}
      </div>
      {webhook.status === "loading" && (
        <p class="muted" role="status">
          Loading the endpoint…
        </p>
      )}
      {webhook.status === "error" && isPlanRefusal(webhook.error) && (
        <PlanRequiredNotice error={webhook.error} />
      )}
      {webhook.status === "error" && !isPlanRefusal(webhook.error) && (
        <ErrorNotice
          title={
            webhook.error.status === 404
              ? "This endpoint does not exist (any more)"
              : "The endpoint could not be loaded"
          }
          error={webhook.error}
          onRetry={webhook.error.status === 404 ? undefined : webhook.reload}
        />
      )}
      {webhook.status === "ready" && (
        <section class="card" aria-labelledby="webhook-about-heading">
          <h2 id="webhook-about-heading" class="visually-hidden">
            About this endpoint
          </h2>
          {secret?.secret && (
            <NewSecretNotice
              secret={secret.secret}
              previousExpiresAt={secret.previous_secret_expires_at}
              onDismiss={() => {
                setSecret(null);
                document.getElementById("rotate-secret-button")?.focus();
              }}
            />
          )}
          <WebhookFacts webhook={webhook.data} />
          <div class="form-actions">
            <button
              type="button"
              class="button"
              onClick={sendTest}
              aria-disabled={busy === "test" || !webhook.data.enabled ? true : undefined}
              aria-describedby={webhook.data.enabled ? undefined : "test-needs-enabled"}
            >
              {busy === "test" ? "Sending…" : "Send test event"}
            </button>
            <button
              ref={editButton}
              type="button"
              class="button button-secondary"
              aria-expanded={editing}
              aria-controls="edit-webhook"
              onClick={() => setEditing((open) => !open)}
            >
              Edit endpoint
            </button>
            <button
              type="button"
              class="button button-secondary"
              onClick={() => toggle(webhook.data)}
              aria-disabled={busy === "toggle" ? true : undefined}
            >
              {webhook.data.enabled ? "Disable endpoint" : "Enable endpoint"}
            </button>
            <button
              id="rotate-secret-button"
              type="button"
              class="button button-secondary"
              onClick={() => setRotating(true)}
            >
              Rotate secret
            </button>
            <button type="button" class="button button-danger" onClick={() => setDeleting(true)}>
              Delete endpoint
            </button>
          </div>
          {!webhook.data.enabled && (
            <p id="test-needs-enabled" class="field-hint">
              Nothing is sent to a disabled endpoint: enable it to send a test event, then recover the
              deliveries that failed meanwhile.
            </p>
          )}
          {problem && (
            <ProblemNotice id="webhook-action-problem" title={problem.title} error={problem.error} />
          )}
          <div id="edit-webhook">
            {editing && (
              <div class="subsection">
                <h3 class="subsection-title">Edit the endpoint</h3>
                <WebhookForm
                  idPrefix="edit-webhook"
                  initial={draftOfWebhook(webhook.data)}
                  submitLabel="Save changes"
                  pendingLabel="Saving…"
                  failureTitle="The endpoint was not saved"
                  save={(body) => updateWebhook(id, body)}
                  onSaved={saved}
                  onCancel={() => {
                    setEditing(false);
                    editButton.current?.focus();
                  }}
                />
              </div>
            )}
          </div>
        </section>
      )}

      {webhook.status === "ready" && <DeliverySection webhookId={id} page={page} refreshKey={refreshKey} />}

      {rotating && (
        <ConfirmDialog
          id="rotate-secret"
          title="Rotate the signing secret?"
          confirmLabel="Rotate secret"
          pendingLabel="Rotating…"
          onConfirm={async () => {
            rotated.current = await rotateWebhookSecret(id);
          }}
          onCancel={() => setRotating(false)}
          onDone={() => {
            setRotating(false);
            setSecret(rotated.current);
            announce("Secret rotated. Copy the new one now: you will not see it again.");
            refresh();
          }}
        >
          <p>
            A new secret signs every delivery from now on. The current one keeps signing beside it for 24
            hours, so your receiver can switch without missing a delivery.
          </p>
        </ConfirmDialog>
      )}
      {deleting && webhook.data && (
        <DeleteWebhookDialog
          webhook={webhook.data}
          onCancel={() => setDeleting(false)}
          onDeleted={(gone) => {
            setDeleting(false);
            announce(`Deleted the endpoint ${gone.url}`);
            navigate(pathOf("webhooks"));
          }}
        />
      )}
    </div>
  );
}
