import { create, type DescMessage, type MessageInitShape, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { enqueueOutboxMessages, type OutboxMessage } from "@kurz/outbox";
import { eventsV1 } from "@kurz/proto";
import { v7 as uuidv7 } from "uuid";
import { SERVICE_NAME } from "../config";
import type { LinkApiTransaction } from "../db/link-api-database";

export interface DomainEvent<S extends DescMessage> {
  topic: string;
  /** `<family>.<verb>`, e.g. "link.created". */
  type: string;
  accountId: string;
  schema: S;
  payload: MessageInitShape<S>;
  /** When the change happened, on link-api's clock (the one its rows are stamped with). */
  occurredAt: Date;
}

/**
 * An event as the outbox message it is published as: wrapped in the EventEnvelope, keyed by
 * account id (docs/architecture.md#events), so one account's changes stay in order.
 */
export function outboxMessageOf<S extends DescMessage>(event: DomainEvent<S>): OutboxMessage {
  const envelope = create(eventsV1.EventEnvelopeSchema, {
    id: uuidv7(),
    type: event.type,
    accountId: event.accountId,
    occurredAt: timestampFromDate(event.occurredAt),
    key: event.accountId,
    source: SERVICE_NAME,
    payload: toBinary(event.schema, create(event.schema, event.payload)),
    payloadType: event.schema.typeName,
  });
  return {
    topic: event.topic,
    key: event.accountId,
    value: toBinary(eventsV1.EventEnvelopeSchema, envelope),
    headers: { "event-type": event.type },
  };
}

/** Writes an event into the outbox inside the change's transaction. */
export async function enqueueEvent<S extends DescMessage>(
  tx: LinkApiTransaction,
  event: DomainEvent<S>,
): Promise<void> {
  await enqueueOutboxMessages(tx, [outboxMessageOf(event)]);
}
