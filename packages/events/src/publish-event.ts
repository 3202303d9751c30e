import type { DescMessage } from "@bufbuild/protobuf";
import type { EventProducer } from "./buffered-producer";
import { type DomainEvent, EnvelopeHeader, encodeEvent } from "./envelope";
import type { EventTopic } from "./topics";

/**
 * Publishes one domain event through the batching producer. Resolves once buffered (not once
 * delivered); rejects with BUFFER_FULL when the buffer is full. Returns the event id.
 */
export async function publishEvent<S extends DescMessage>(
  producer: EventProducer,
  topic: EventTopic,
  source: string,
  event: DomainEvent<S>,
): Promise<string> {
  const message = encodeEvent(source, event);
  await producer.send(topic, message);
  return message.headers[EnvelopeHeader.id] ?? "";
}
