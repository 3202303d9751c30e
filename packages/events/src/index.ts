export type { BackoffOptions } from "./backoff-delay";
export type { EventProducer, ProducerOptions, ProducerStats } from "./buffered-producer";
export { createEventBus } from "./create-event-bus";
export { deadLetterHeaders } from "./dead-letter-message";
export {
  type DomainEvent,
  decodeEnvelope,
  decodePayload,
  EnvelopeHeader,
  encodeEvent,
  occurredAtOf,
} from "./envelope";
export type { EventBus, EventBusOptions, KafkaTuning } from "./event-bus";
export type { ConsumeOptions, ConsumerLag, EventConsumer, PartitionLag } from "./event-consumer";
export type { EventLogger } from "./event-logger";
export type { EventMessage, MessageHandler, ReceivedMessage } from "./event-message";
export { defaultKafkaTuning } from "./kafka/create-kafka-event-bus";
export { partitionForKey } from "./partition-for-key";
export { publishEvent } from "./publish-event";
export {
  allTopics,
  deadLetterTopic,
  type EventTopic,
  eventTopics,
  isDeadLetterTopic,
  withDeadLetterTopics,
} from "./topics";
