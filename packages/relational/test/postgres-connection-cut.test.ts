import type { Logger } from "@kurz/logger";
import { createTestDatabase, postgresBackend, startTcpFaultProxy, waitFor } from "@kurz/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../src/index";

const backend = await postgresBackend();

describe.skipIf(!backend.available)("a PostgreSQL connection cut while a transaction holds it", () => {
  // The fault suite's postgres-down-20s: webhook-dispatcher exited on an unhandled 'error' of a
  // pg Client the pool had handed out (its connection ended between two statements).
  it("fails the transaction and keeps the process alive", async () => {
    if (!backend.available) throw new Error("unreachable");
    const database = await createTestDatabase(backend.value.adminUrl, "kurz_test_relational_cut");
    const target = new URL(database.url);
    const proxy = await startTcpFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(database.url);
    proxied.host = proxy.address;
    const warnings: string[] = [];
    const logger = {
      warn: (fields: { event?: string }) => warnings.push(String(fields.event)),
    } as unknown as Logger;
    const connection = await createDatabase({ url: proxied.toString(), logger, poolMax: 2 });
    try {
      let inside = false;
      let leave!: () => void;
      const held = new Promise<void>((resolve) => {
        leave = resolve;
      });
      const transaction = connection.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inside = true;
        // Not a statement: the client is checked out and idle when its connection ends.
        await held;
        await tx.execute(sql`select 2`);
      });
      const outcome = transaction.then(
        () => "committed",
        () => "failed",
      );
      await waitFor(() => inside, "the transaction's first statement");
      proxy.cut();
      await waitFor(
        () => warnings.includes("db.client_error"),
        "the client in use to see its connection end",
      );
      leave();
      expect(await outcome).toBe("failed");

      proxy.restore();
      await waitFor(
        () =>
          connection.ping().then(
            () => true,
            () => false,
          ),
        "the pool to connect again",
      );
    } finally {
      await connection.close();
      await proxy.stop();
      await database.drop();
    }
  });
});
