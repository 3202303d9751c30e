export {
  createOutboxRelay,
  type OutboxRelay,
  type OutboxRelayOptions,
  type OutboxRelayStats,
} from "./create-outbox-relay";
export { enqueueOutboxMessages, type OutboxMessage } from "./enqueue-outbox-messages";
export type { OutboxDatabase } from "./outbox-database";
export { outboxMessages, outboxRelayLeases } from "./outbox-tables";
