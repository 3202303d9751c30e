import type { Database } from "@kurz/relational";

/**
 * What the outbox needs of a drizzle database or transaction. Services pass their own typed
 * `db` or the `tx` of a transaction; the schema type does not matter here.
 */
// biome-ignore lint/suspicious/noExplicitAny: any service's schema type is accepted.
export type OutboxDatabase = Pick<Database<any>, "insert" | "select" | "update" | "delete" | "execute">;
