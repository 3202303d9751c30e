import { fileURLToPath } from "node:url";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DatabaseConnection,
  isUniqueViolation,
  type MigrationResult,
  RootHandleInTransactionError,
} from "../src/index";
import * as schema from "./fixtures/schema";

export const migrationsFolder = fileURLToPath(new URL("./fixtures/migrations", import.meta.url));
export const fixtureTags = ["0000_create_widgets", "0001_create_parts"];

export type TestConnection = DatabaseConnection<typeof schema>;

/** What both adapters promise. open() gives a fresh, empty database; close is the suite's job. */
export function describeDatabaseContract(name: string, open: () => Promise<TestConnection>): void {
  describe(`relational contract: ${name}`, () => {
    let connection: TestConnection;
    let firstRun: MigrationResult;

    beforeAll(async () => {
      connection = await open();
      firstRun = await connection.migrate(migrationsFolder);
    });

    afterAll(async () => {
      await connection?.close();
    });

    it("applies every migration in order on an empty database", () => {
      expect(firstRun.applied).toEqual(fixtureTags);
    });

    it("does nothing when migrating again, and records each migration once", async () => {
      expect(await connection.migrate(migrationsFolder)).toEqual({ applied: [] });
      const result = await connection.db.execute<{ n: number }>(
        sql`select created_at, count(*)::int as n from drizzle.__drizzle_migrations group by created_at`,
      );
      expect(result.rows).toHaveLength(fixtureTags.length);
      for (const row of result.rows) expect(row.n).toBe(1);
    });

    it("commits a transaction that completes", async () => {
      const { db } = connection;
      await db.transaction(async (tx) => {
        const [widget] = await tx.insert(schema.widgets).values({ name: "committed" }).returning();
        await tx.insert(schema.parts).values({ widgetId: widget!.id, label: "bolt" });
      });
      const rows = await db.select().from(schema.widgets).where(eq(schema.widgets.name, "committed"));
      expect(rows).toHaveLength(1);
    });

    it("persists nothing from a transaction that throws", async () => {
      const { db } = connection;
      await expect(
        db.transaction(async (tx) => {
          await tx.insert(schema.widgets).values({ name: "rolled-back" });
          throw new Error("abort");
        }),
      ).rejects.toThrow("abort");
      const [row] = await db
        .select({ n: count() })
        .from(schema.widgets)
        .where(eq(schema.widgets.name, "rolled-back"));
      expect(row!.n).toBe(0);
    });

    it("rolls back an explicit tx.rollback()", async () => {
      const { db } = connection;
      await expect(
        db.transaction(async (tx) => {
          await tx.insert(schema.widgets).values({ name: "explicit-rollback" });
          tx.rollback();
        }),
      ).rejects.toThrow();
      const rows = await db.select().from(schema.widgets).where(eq(schema.widgets.name, "explicit-rollback"));
      expect(rows).toHaveLength(0);
    });

    it("recognises a unique violation, by constraint name too", async () => {
      const { db } = connection;
      await db.insert(schema.widgets).values({ name: "unique" });
      const error = await db
        .insert(schema.widgets)
        .values({ name: "unique" })
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      expect(error).toBeDefined();
      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(error, "widgets_name_unique")).toBe(true);
      expect(isUniqueViolation(error, "some_other_constraint")).toBe(false);
      expect(isUniqueViolation(new Error("not a database error"))).toBe(false);
    });

    it("does not take a foreign key violation for a unique violation", async () => {
      const error = await connection.db
        .insert(schema.parts)
        .values({ widgetId: 987_654, label: "orphan" })
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      expect(error).toBeDefined();
      expect(isUniqueViolation(error)).toBe(false);
    });

    it("returns the same value types from both drivers", async () => {
      const [widget] = await connection.db.insert(schema.widgets).values({ name: "typed" }).returning();
      expect(typeof widget!.id).toBe("number");
      expect(widget!.createdAt).toBeInstanceOf(Date);
      const found = await connection.db.query.widgets.findFirst({ where: eq(schema.widgets.name, "typed") });
      expect(found?.createdAt.getTime()).toBe(widget!.createdAt.getTime());
    });

    it("refuses a root-handle query inside an open transaction at once, and rolls the transaction back", async () => {
      const { db } = connection;
      const attempts = [
        () => db.select().from(schema.widgets),
        () => db.execute(sql`select 1`),
        () => db.insert(schema.widgets).values({ name: "through-root" }),
        () => db.query.widgets.findFirst(),
        () => db.transaction(async () => undefined),
      ];
      for (const attempt of attempts) {
        const outcome = db.transaction(async (tx) => {
          await tx.insert(schema.widgets).values({ name: "guarded" });
          await attempt();
        });
        await expect(outcome).rejects.toBeInstanceOf(RootHandleInTransactionError);
      }
      const rows = await db.select().from(schema.widgets).where(eq(schema.widgets.name, "guarded"));
      expect(rows).toHaveLength(0);
    });

    it("refuses a root-handle query made deep in a call chain the transaction started", async () => {
      const { db } = connection;
      // The shape of the original freeze: a cache reload three awaits below the transaction.
      const reloadCache = async () => {
        // fixed-delay: a timer hop, as the reload had, so the query leaves the transaction's turn
        await new Promise((resolve) => setTimeout(resolve, 1));
        return db.select().from(schema.widgets);
      };
      const outcome = db.transaction(async (tx) => {
        await tx.select().from(schema.widgets);
        await Promise.resolve().then(reloadCache);
      });
      await expect(outcome).rejects.toThrow(/root database handle while a transaction/);
    });

    it("allows root-handle queries from other calls while a transaction is open, and nested savepoints", async () => {
      const { db } = connection;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const open = db.transaction(async (tx) => {
        await tx.insert(schema.widgets).values({ name: "outer" });
        await tx.transaction(async (inner) => {
          await inner.insert(schema.widgets).values({ name: "savepoint" });
        });
        await held;
      });
      // Another request's root query waits its turn (PGlite) or runs (pool); it is not refused.
      const other = db.select().from(schema.widgets).where(eq(schema.widgets.name, "nobody"));
      release();
      await open;
      await expect(other).resolves.toEqual([]);
      const rows = await db.select().from(schema.widgets).where(eq(schema.widgets.name, "savepoint"));
      expect(rows).toHaveLength(1);
    });

    it("lets work a transaction started use the root handle once the transaction has ended", async () => {
      const { db } = connection;
      let later: Promise<unknown> = Promise.resolve();
      let done: () => void = () => undefined;
      const ended = new Promise<void>((resolve) => {
        done = resolve;
      });
      await db.transaction(async (tx) => {
        await tx.select().from(schema.widgets);
        later = ended.then(() => db.select().from(schema.widgets));
      });
      done();
      await expect(later).resolves.toBeInstanceOf(Array);
    });

    it("answers ping", async () => {
      await expect(connection.ping()).resolves.toBeUndefined();
    });
  });
}
