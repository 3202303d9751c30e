import { bigint, pgSchema, serial, text } from "drizzle-orm/pg-core";

/**
 * drizzle's own bookkeeping table, same schema, name and columns, so drizzle-kit and drizzle's
 * migrators see the migrations we applied as applied (and the other way round).
 */
export const migrationsTable = pgSchema("drizzle").table("__drizzle_migrations", {
  id: serial("id").primaryKey(),
  hash: text("hash").notNull(),
  createdAt: bigint("created_at", { mode: "number" }),
});
