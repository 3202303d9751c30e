import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookMessages } from "../db/schema";
import type { DeliveryOutcome } from "../outbound/post-webhook";
import { activeSigningSecrets } from "../signing/active-signing-secrets";
import { webhookHeaders } from "../signing/webhook-headers";
import type { WebhookContext } from "../webhook-context";
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
}

/**
 * One attempt of a claimed delivery: signed afresh (timestamp now, every live secret), sent,
 * logged, and the delivery moved on — succeeded; failed (schedule exhausted, 410 Gone, or the
 * endpoint disabled: nothing is ever sent to a disabled endpoint); or pending again at its next
 * time. The endpoint's health follows: a success clears its failing clock, a 410 disables it at
 * once, five days of failures disable it.
 */
export async function attemptDelivery(deps: AttemptDependencies, deliveryId: string): Promise<void> {
  const { ctx } = deps;
  const [row] = await ctx.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, message: webhookMessages })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")))
    .limit(1);
  if (!row) return;
  const { delivery, endpoint, message } = row;
  const started = ctx.clock.now();
  if (!endpoint.enabled) {
    await ctx.db
      .update(webhookDeliveries)
      .set({ status: "failed", nextAttemptAt: null, claimedUntil: null, updatedAt: started })
      .where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const secrets = activeSigningSecrets(
    {
      current: ctx.secrets.open(endpoint.secretSealed),
      previous:
        endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt
          ? {
              secret: ctx.secrets.open(endpoint.previousSecretSealed),
              expiresAt: endpoint.previousSecretExpiresAt,
            }
          : null,
    },
    started,
  );
  const headers = webhookHeaders(
    { id: message.id, timestampSeconds: Math.floor(started.getTime() / 1000), body: message.body },
    secrets,
  );
  const outcome = await deps.post({ url: endpoint.url, headers: { ...headers }, body: message.body });
  const now = ctx.clock.now();
  const attempts = delivery.attempts + 1;
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
  const disable = gone
    ? ("gone" as const)
    : !outcome.ok && now.getTime() - failingSince!.getTime() >= DISABLE_AFTER_FAILING_MS
      ? ("failing" as const)
      : undefined;

  await ctx.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      id: randomUUID(),
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      attemptedAt: started,
      statusCode: outcome.status ?? null,
      latencyMs: Math.round(outcome.latencyMs),
      responseExcerpt: outcome.responseExcerpt,
      failureKind: outcome.failure?.kind ?? null,
      failureDetail: outcome.failure?.detail.slice(0, 500) ?? null,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        attempts,
        status: outcome.ok ? "succeeded" : delay === undefined || disable ? "failed" : "pending",
        nextAttemptAt: outcome.ok || delay === undefined || disable ? null : new Date(now.getTime() + delay),
        claimedUntil: null,
        updatedAt: now,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (disable) {
      // Only an endpoint still enabled: the account may have changed it meanwhile.
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: disable, disabledAt: now, failingSince, updatedAt: now })
        .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)));
    } else if (outcome.ok && endpoint.failingSince !== null) {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, endpoint.id));
    } else if (!outcome.ok && endpoint.failingSince === null) {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince })
        .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.failingSince)));
    }
  });
  if (disable) {
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
  }
}
