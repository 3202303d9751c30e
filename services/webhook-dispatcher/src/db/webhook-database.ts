import type { Database } from "@kurz/relational";
import type * as schema from "./schema";

export type WebhookDatabase = Database<typeof schema>;

/** The `tx` of `db.transaction(...)`: operations that must commit together take it. */
export type WebhookTransaction = Parameters<Parameters<WebhookDatabase["transaction"]>[0]>[0];

/** Either: reads that may run inside or outside a transaction take this. */
export type WebhookExecutor = WebhookDatabase | WebhookTransaction;
