import type { DescMessage } from "@bufbuild/protobuf";
import { type DomainEvent, encodeEvent, eventTopics } from "@kurz/events";
import { enqueueOutboxMessages, type OutboxDatabase, type OutboxMessage } from "@kurz/outbox";
import { SERVICE_NAME } from "../config";

/** An `account.*` event as an outbox message on kurz.account.v1, keyed by the account id. */
export function accountEvent<S extends DescMessage>(event: Omit<DomainEvent<S>, "key">): OutboxMessage {
  return { topic: eventTopics.account, ...encodeEvent(SERVICE_NAME, { ...event, key: event.accountId }) };
}

/**
 * Writes events inside the caller's transaction: they are published if and only if the change
 * commits (the relay publishes them; `wake()` it after the commit to publish at once).
 */
export function enqueueAccountEvents(tx: OutboxDatabase, messages: OutboxMessage[]): Promise<void> {
  return enqueueOutboxMessages(tx, messages);
}
