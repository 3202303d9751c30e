import { type DescMessage, fromBinary, type MessageShape } from "@bufbuild/protobuf";
import type { eventsV1 } from "@kurz/proto";
import { invalidEvent } from "./invalid-event";

/**
 * The envelope's payload as the message a webhook-producing event type must carry.
 *
 * It throws where @kurz/events' decodePayload returns undefined. The envelope contract has
 * consumers ignore payload types they do not know, so that producers can add event types freely;
 * but this is only called for event types that do produce webhooks, and for those another payload
 * type means the producer moved on (a v2 message) or broke: ignoring it would lose customers'
 * webhooks silently, while a dead-lettered event can be replayed once this catalogue follows.
 */
export function decodeEventPayload<S extends DescMessage>(
  envelope: eventsV1.EventEnvelope,
  schema: S,
): MessageShape<S> {
  if (envelope.payloadType !== schema.typeName) {
    throw invalidEvent(envelope, `expected a ${schema.typeName} payload`);
  }
  try {
    return fromBinary(schema, envelope.payload);
  } catch (error) {
    throw invalidEvent(envelope, `the payload is not a valid ${schema.typeName}`, error);
  }
}
