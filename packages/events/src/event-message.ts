/**
 * What travels on the bus. The payload encoding is the caller's (a proto envelope); the bus only
 * moves bytes, keeps them ordered per key and carries headers (trace context, dead-letter cause).
 */
export interface EventMessage {
  /** The entity that must stay ordered (link id for clicks, account id for entity changes). */
  key: string;
  value: Uint8Array;
  headers: Record<string, string>;
}

/** A message as a consumer handler sees it. */
export interface ReceivedMessage extends EventMessage {
  topic: string;
  partition: number;
  offset: number;
  /**
   * 1 on first delivery to the handler, then 2, 3, ... on in-process retries. In a batch: the
   * batch's attempt; in the one-by-one phase after a failed batch, the message's own attempt.
   */
  attempt: number;
}

export type MessageHandler = (message: ReceivedMessage) => Promise<void>;

/** What the consumer knows about a batch beyond its messages. */
export interface BatchContext {
  /**
   * More messages already wait in the partition after this batch: the consumer is behind, and
   * the next batch of the partition is fetched only once this one is handled, so a handler that
   * would wait for company (a timer) should not.
   */
  backlog: boolean;
}

/** Consecutive messages of one partition, oldest first. */
export type BatchHandler = (messages: ReceivedMessage[], context: BatchContext) => Promise<void>;
