import type { CacheStore } from "@kurz/cache";
import type { Clock } from "@kurz/clock";
import type { IdempotencySlot } from "./idempotency-slot";
import { openStoredAnswer, type StoredAnswer, sealStoredAnswer } from "./stored-answer";

/** How long a key's answer is replayed (Stripe's 24 h); after it, the key is new again. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface AnswerStore {
  /** The key's answer while it is kept; undefined before it has one and after 24 h. */
  read(slot: IdempotencySlot): Promise<StoredAnswer | undefined>;
  write(slot: IdempotencySlot, answer: StoredAnswer): Promise<void>;
}

/**
 * Answers in the service's cache store, sealed. The store's TTL bounds how long bytes are held
 * (Redis keeps its own time); the 24 h a client sees are counted from the answer's time on the
 * injected clock, so both adapters expire a key at the same moment a test moves the clock to.
 */
export function createAnswerStore(store: CacheStore, clock: Clock): AnswerStore {
  return {
    async read(slot) {
      const bytes = await store.getBuffer(slot.cacheKey);
      if (bytes === null) return undefined;
      const answer = openStoredAnswer(bytes, slot.sealingKey);
      if (answer === undefined) return undefined;
      return clock.now().getTime() - answer.answeredAt < IDEMPOTENCY_KEY_LIFETIME_MS ? answer : undefined;
    },
    async write(slot, answer) {
      await store.set(slot.cacheKey, sealStoredAnswer(answer, slot.sealingKey), IDEMPOTENCY_KEY_LIFETIME_MS);
    },
  };
}
