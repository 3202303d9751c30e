import { randomUUID } from "node:crypto";
import { and, eq, isNull, lte } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";
import type { DeliveryOutcome } from "../outbound/post-webhook";
import { activeSigningSecrets } from "../signing/active-signing-secrets";
import { webhookHeaders } from "../signing/webhook-headers";
import type { WebhookContext } from "../webhook-context";
import type { ClaimedDelivery } from "./claim-due-deliveries";
import type { RecordAttempt } from "./create-attempt-recorder";
import { type AttemptRecord, recordAttempts } from "./record-attempts";
import { nextAttemptDelayMs } from "./retry-schedule";

/** An endpoint whose every attempt failed for this long is disabled (a success resets the clock). */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;

/** Sends one signed request; never throws for the receiver's faults (they are outcomes). */
export type PostWebhook = (request: {
  url: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<DeliveryOutcome>;

export interface AttemptDependencies {
  ctx: WebhookContext;
  post: PostWebhook;
  random?: () => number;
  /** Writes the attempt and the delivery's new state; default: at once, alone (recordAttempts). */
  record?: RecordAttempt;
}

export interface AttemptHooks {
  /** The receiver answered (or the attempt failed): its request slot is free, before the write. */
  onSent?(): void;
}

/**
 * One attempt of a claimed delivery: signed afresh (timestamp now, every live secret), sent,
 * logged, and the delivery moved on — succeeded; failed (schedule exhausted, 410 Gone, or the
 * endpoint disabled: nothing is ever sent to a disabled endpoint); or pending again at its next
 * time. The attempt and the delivery's new state are written together (grouped with other
 * attempts' by the worker's recorder). The endpoint's health
 * follows when it changes: a success clears its failing clock, a 410 disables it at once, five
 * days of failures disable it.
 */
export async function attemptDelivery(
  deps: AttemptDependencies,
  claimed: ClaimedDelivery,
  hooks: AttemptHooks = {},
): Promise<void> {
  const { ctx } = deps;
  const { endpoint } = claimed;
  const started = ctx.clock.now();
  if (!endpoint.enabled) {
    await ctx.db
      .update(webhookDeliveries)
      .set({ status: "failed", nextAttemptAt: null, claimedUntil: null, updatedAt: started })
      // Only under this claim, as recordAttempts writes.
      .where(
        and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.claimedUntil, claimed.claimedUntil)),
      );
    return;
  }
  let current: string;
  try {
    current = ctx.secrets.open(endpoint.secretSealed);
  } catch (error) {
    // The secret was sealed under another key (KEY_ENCRYPTION_KEY changed): no attempt can ever be
    // signed. Disabled with a reason the account sees, instead of failing at every claim.
    await disableForUnreadableSecret(ctx, claimed, started, error);
    return;
  }
  let previous: { secret: string; expiresAt: Date } | null = null;
  if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt) {
    try {
      previous = {
        secret: ctx.secrets.open(endpoint.previousSecretSealed),
        expiresAt: endpoint.previousSecretExpiresAt,
      };
    } catch (error) {
      ctx.logger.warn(
        { event: "webhook.previous_secret_unreadable", endpointId: endpoint.id, err: error },
        "the endpoint's previous secret cannot be opened: signing with the current one only",
      );
    }
  }
  const secrets = activeSigningSecrets({ current, previous }, started);
  const headers = webhookHeaders(
    { id: claimed.messageId, timestampSeconds: Math.floor(started.getTime() / 1000), body: claimed.body },
    secrets,
  );
  const outcome = await deps.post({ url: endpoint.url, headers: { ...headers }, body: claimed.body });
  hooks.onSent?.();
  const now = ctx.clock.now();
  const attempts = claimed.attempts + 1;
  const gone = outcome.status === 410;
  const delay =
    outcome.ok || gone
      ? undefined
      : nextAttemptDelayMs(attempts, {
          ...(outcome.retryAfterSeconds === undefined
            ? {}
            : { retryAfterMs: outcome.retryAfterSeconds * 1000 }),
          ...(deps.random ? { random: deps.random } : {}),
        });
  const failingSince = outcome.ok ? null : (endpoint.failingSince ?? started);
  let disable: "gone" | "failing" | undefined = gone ? "gone" : undefined;
  let clockMayHaveReset = false;
  if (!disable && !outcome.ok && now.getTime() - failingSince!.getTime() >= DISABLE_AFTER_FAILING_MS) {
    // The claim's failing_since may be stale (a success recorded since reset it): the decision is
    // made on the current value, in the update itself.
    const disabled = await ctx.db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: "failing", disabledAt: now, updatedAt: now })
      .where(
        and(
          eq(webhookEndpoints.id, endpoint.id),
          eq(webhookEndpoints.enabled, true),
          lte(webhookEndpoints.failingSince, new Date(now.getTime() - DISABLE_AFTER_FAILING_MS)),
        ),
      )
      .returning({ id: webhookEndpoints.id });
    if (disabled.length > 0) disable = "failing";
    else clockMayHaveReset = true;
  }
  const status = outcome.ok ? "succeeded" : delay === undefined || disable ? "failed" : "pending";
  const nextAttemptAt = status === "pending" ? new Date(now.getTime() + delay!) : null;

  const record: AttemptRecord = {
    attemptId: randomUUID(),
    deliveryId: claimed.id,
    endpointId: endpoint.id,
    attemptedAt: started,
    statusCode: outcome.status ?? null,
    latencyMs: outcome.latencyMs,
    responseExcerpt: outcome.responseExcerpt,
    failureKind: outcome.failure?.kind ?? null,
    failureDetail: outcome.failure?.detail.slice(0, 500) ?? null,
    attempts,
    status,
    nextAttemptAt,
    recordedAt: now,
    claimedUntil: claimed.claimedUntil,
  };
  await (deps.record ?? ((one) => recordAttempts(ctx.db, [one])))(record);

  if (disable) {
    if (disable === "gone") {
      // Only an endpoint still enabled: the account may have changed it meanwhile.
      await ctx.db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: disable, disabledAt: now, failingSince, updatedAt: now })
        .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)));
    }
    ctx.subscriptions.forget(endpoint.accountId);
    ctx.logger.warn(
      {
        event: "webhook.endpoint_disabled",
        accountId: endpoint.accountId,
        endpointId: endpoint.id,
        reason: disable,
      },
      disable === "gone"
        ? "endpoint answered 410 Gone: disabled"
        : "endpoint failed every attempt for 5 days: disabled",
    );
  } else if (outcome.ok && endpoint.failingSince !== null) {
    await ctx.db
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(eq(webhookEndpoints.id, endpoint.id));
  } else if (!outcome.ok && (endpoint.failingSince === null || clockMayHaveReset)) {
    // A clock reset since the claim starts again with this failure.
    await ctx.db
      .update(webhookEndpoints)
      .set({ failingSince: clockMayHaveReset ? started : failingSince })
      .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.failingSince)));
  }
}

async function disableForUnreadableSecret(
  ctx: WebhookContext,
  claimed: ClaimedDelivery,
  now: Date,
  error: unknown,
): Promise<void> {
  const { endpoint } = claimed;
  await ctx.db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: "secret", disabledAt: now, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)));
  await ctx.db
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, claimedUntil: null, updatedAt: now })
    .where(
      and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.claimedUntil, claimed.claimedUntil)),
    );
  ctx.subscriptions.forget(endpoint.accountId);
  ctx.logger.error(
    {
      event: "webhook.endpoint_disabled",
      accountId: endpoint.accountId,
      endpointId: endpoint.id,
      reason: "secret",
      err: error,
    },
    "endpoint's signing secret cannot be opened (KEY_ENCRYPTION_KEY changed?): disabled",
  );
}
