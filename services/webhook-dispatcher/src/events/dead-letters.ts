import { createHash, randomUUID } from "node:crypto";
import type { EventMessage } from "@kurz/events";
import type { eventsV1 } from "@kurz/proto";
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import { type WebhookDeadLetterRow, webhookDeadLetters } from "../db/schema";
import type { WebhookExecutor } from "../db/webhook-database";
import { queueMessages } from "../deliveries/queue-messages";
import type { WebhookPayloadDeps } from "../payloads/webhook-payload-deps";
import type { WebhookContext } from "../webhook-context";
import { interpretEvent } from "./interpret-event";

/** A message as the consumer received it: where it came from and its bytes. */
export type SourceMessage = EventMessage & { topic: string; partition: number; offset: number };

export interface DeadLetter {
  message: SourceMessage;
  error: unknown;
  envelope?: eventsV1.EventEnvelope;
}

/** Dead letters stored by this process since it started: the /metrics counter. */
export interface DeadLetterStats {
  stored: number;
  replayed: number;
}

const MAX_ERROR_LENGTH = 2_000;

export function describeFailure(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current !== undefined && current !== null; depth++) {
    parts.push(current instanceof Error ? `${current.name}: ${current.message}` : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  const text = parts.join(" <- ");
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}

function fingerprintOf(message: SourceMessage): string {
  return createHash("sha256")
    .update(`${message.topic}\n${message.partition}\n${message.offset}\n`)
    .update(message.value)
    .digest("hex");
}

/** Stores dead letters (inside the caller's transaction); one already stored is not stored again. */
export async function storeDeadLetters(
  tx: WebhookExecutor,
  letters: readonly DeadLetter[],
  now: Date,
): Promise<void> {
  if (letters.length === 0) return;
  await tx
    .insert(webhookDeadLetters)
    .values(
      letters.map(({ message, error, envelope }) => ({
        id: randomUUID(),
        fingerprint: fingerprintOf(message),
        topic: message.topic,
        partition: message.partition,
        offset: String(message.offset),
        key: message.key,
        valueBase64: Buffer.from(message.value).toString("base64"),
        headers: JSON.stringify(message.headers),
        eventId: envelope?.id || null,
        eventType: envelope?.type || null,
        accountId: envelope?.accountId || null,
        error: describeFailure(error),
        failedAt: now,
      })),
    )
    .onConflictDoNothing({ target: webhookDeadLetters.fingerprint });
}

/** Makes stored dead letters visible: one log line each (the metric counts them). */
export function announceDeadLetters(
  ctx: Pick<WebhookContext, "logger" | "deadLetterStats">,
  letters: readonly DeadLetter[],
): void {
  for (const { message, error, envelope } of letters) {
    if (ctx.deadLetterStats) ctx.deadLetterStats.stored++;
    ctx.logger.error(
      {
        event: "webhook.event_dead_lettered",
        topic: message.topic,
        partition: message.partition,
        offset: message.offset,
        eventId: envelope?.id,
        eventType: envelope?.type,
        accountId: envelope?.accountId,
        error: describeFailure(error),
      },
      "internal event cannot become a webhook: dead-lettered (pnpm --filter @kurz/webhook-dispatcher admin dead-letters)",
    );
  }
}

/** Dead letters waiting for a replay. */
export async function countWaitingDeadLetters(db: WebhookExecutor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookDeadLetters)
    .where(isNull(webhookDeadLetters.replayedAt));
  return Number(row?.n ?? 0);
}

/** Waiting dead letters, oldest first (all of them, or those of `ids`). */
export async function listWaitingDeadLetters(
  db: WebhookExecutor,
  ids?: readonly string[],
): Promise<WebhookDeadLetterRow[]> {
  return db
    .select()
    .from(webhookDeadLetters)
    .where(
      and(
        isNull(webhookDeadLetters.replayedAt),
        ids === undefined ? undefined : inArray(webhookDeadLetters.id, [...ids]),
      ),
    )
    .orderBy(asc(webhookDeadLetters.failedAt), asc(webhookDeadLetters.id));
}

export interface ReplayResult {
  /** Handled now: queued as a webhook, or found to need none. */
  replayed: string[];
  /** Still poison: kept waiting with the new reason. */
  stillFailing: Array<{ id: string; error: string }>;
}

const sourceOf = (row: WebhookDeadLetterRow): SourceMessage => ({
  topic: row.topic,
  partition: row.partition,
  offset: Number(row.offset),
  key: row.key,
  value: new Uint8Array(Buffer.from(row.valueBase64, "base64")),
  headers: JSON.parse(row.headers) as Record<string, string>,
});

/**
 * Hands waiting dead letters to the consumer's own interpretation again (once the producer or the
 * catalogue is fixed): one that now maps is queued like a fresh event (its event id keeps it from
 * being queued twice) and marked replayed in the same transaction; one that is still poison stays
 * waiting with the new reason. A database failure throws: nothing is marked.
 */
export async function replayDeadLetters(
  ctx: Pick<
    WebhookContext,
    "db" | "clock" | "subscriptions" | "logger" | "deliveriesQueued" | "freshClaims" | "deadLetterStats"
  >,
  deps: WebhookPayloadDeps,
  ids?: readonly string[],
): Promise<ReplayResult> {
  const rows = await listWaitingDeadLetters(ctx.db, ids);
  const result: ReplayResult = { replayed: [], stillFailing: [] };
  for (const row of rows) {
    const interpreted = await interpretEvent(ctx, deps, sourceOf(row));
    if (interpreted.kind === "poison") {
      const error = describeFailure(interpreted.error);
      await ctx.db.update(webhookDeadLetters).set({ error }).where(eq(webhookDeadLetters.id, row.id));
      result.stillFailing.push({ id: row.id, error });
      continue;
    }
    const now = ctx.clock.now();
    await queueMessages(ctx, interpreted.kind === "queue" ? [interpreted.message] : [], {
      inTransaction: async (tx) => {
        await tx
          .update(webhookDeadLetters)
          .set({ replayedAt: now })
          .where(and(eq(webhookDeadLetters.id, row.id), isNull(webhookDeadLetters.replayedAt)));
      },
    });
    if (ctx.deadLetterStats) ctx.deadLetterStats.replayed++;
    ctx.logger.info(
      {
        event: "webhook.dead_letter_replayed",
        deadLetterId: row.id,
        eventId: row.eventId,
        outcome: interpreted.kind,
      },
      "dead letter replayed",
    );
    result.replayed.push(row.id);
  }
  return result;
}
