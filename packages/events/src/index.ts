export { accountDeletionOf } from "./account-deletion";
export { type BackoffOptions, backoffDelay } from "./backoff-delay";
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
export {
  defaultMemoryRetention,
  type EventBus,
  type EventBusOptions,
  type KafkaTuning,
  type MemoryRetentionOptions,
  type PartitionOffsets,
} from "./event-bus";
export type {
  BatchConsumeOptions,
  BatchOptions,
  ConsumeOptions,
  ConsumerGroupOptions,
  ConsumerLag,
  EventConsumer,
  PartitionLag,
} from "./event-consumer";
export type { EventLogger } from "./event-logger";
export type {
  BatchContext,
  BatchHandler,
  EventMessage,
  MessageHandler,
  ReceivedMessage,
} from "./event-message";
export { defaultKafkaTuning } from "./kafka/create-kafka-event-bus";
export { partitionForKey } from "./partition-for-key";
export { type PlanChange, planChangeOf } from "./plan-change";
export { publishEvent } from "./publish-event";
export {
  allTopics,
  deadLetterTopic,
  type EventTopic,
  eventTopics,
  isDeadLetterTopic,
  withDeadLetterTopics,
} from "./topics";
