import {
  create,
  type DescMessage,
  fromBinary,
  type MessageInitShape,
  type MessageShape,
  toBinary,
} from "@bufbuild/protobuf";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { AppError } from "@kurz/errors";
import { eventsV1 } from "@kurz/proto";
import { context, propagation } from "@opentelemetry/api";
import { v7 as uuidv7 } from "uuid";
import type { EventMessage } from "./event-message";

/** A domain event before it is wrapped: what happened, to whose entity, ordered by which key. */
export interface DomainEvent<S extends DescMessage> {
  /** `<family>.<verb_in_past_tense>`, e.g. "link.created". */
  type: string;
  accountId: string;
  /** Ordering key: events with the same key arrive in publish order. */
  key: string;
  schema: S;
  payload: MessageInitShape<S>;
  occurredAt?: Date;
  /** Reuse an id when re-publishing (outbox relays); otherwise a new UUIDv7. */
  id?: string;
}

/** Header names every event carries next to the envelope; trace context headers come on top. */
export const EnvelopeHeader = { id: "event-id", type: "event-type" } as const;

/**
 * Wraps a domain event in the EventEnvelope and turns it into a bus message: envelope bytes as
 * value, the key, and the event id/type plus the active trace context (W3C traceparent) as headers,
 * so consumers can route, dedupe and join traces without decoding the payload.
 */
export function encodeEvent<S extends DescMessage>(source: string, event: DomainEvent<S>): EventMessage {
  const envelope = create(eventsV1.EventEnvelopeSchema, {
    id: event.id ?? uuidv7(),
    type: event.type,
    accountId: event.accountId,
    occurredAt: timestampFromDate(event.occurredAt ?? new Date()),
    key: event.key,
    source,
    payload: toBinary(event.schema, create(event.schema, event.payload)),
    payloadType: event.schema.typeName,
  });
  const headers: Record<string, string> = {
    [EnvelopeHeader.id]: envelope.id,
    [EnvelopeHeader.type]: envelope.type,
  };
  propagation.inject(context.active(), headers);
  return { key: event.key, value: toBinary(eventsV1.EventEnvelopeSchema, envelope), headers };
}

/** The envelope of a received message; a message that is not one is a poison message. */
export function decodeEnvelope(value: Uint8Array): eventsV1.EventEnvelope {
  try {
    return fromBinary(eventsV1.EventEnvelopeSchema, value);
  } catch (error) {
    throw new AppError("VALIDATION_ERROR", { message: "message is not an EventEnvelope", cause: error });
  }
}

/**
 * The payload as `schema`, or undefined when the envelope carries another type: consumers ignore
 * event types they do not know (producers may add types without coordinating deploys).
 */
export function decodePayload<S extends DescMessage>(
  envelope: eventsV1.EventEnvelope,
  schema: S,
): MessageShape<S> | undefined {
  if (envelope.payloadType !== schema.typeName) return undefined;
  return fromBinary(schema, envelope.payload);
}

export function occurredAtOf(envelope: eventsV1.EventEnvelope): Date {
  return envelope.occurredAt ? timestampDate(envelope.occurredAt) : new Date(0);
}
