import { randomUUID } from "node:crypto";
import { createEventBus, withDeadLetterTopics } from "@kurz/events";
import { waitFor } from "@kurz/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxRelay } from "../src";
import { migrationsFolder, record, type TestConnection, writeNote } from "./outbox-test-kit";

/** Behaviour every database adapter must give the outbox; run for PGlite and PostgreSQL. */
export function describeOutboxContract(name: string, open: () => Promise<TestConnection>) {
  describe(`outbox on ${name}`, () => {
    let connection: TestConnection;

    beforeAll(async () => {
      connection = await open();
      await connection.migrate(migrationsFolder);
    });

    afterAll(async () => {
      await connection.close();
    });

    function freshBus() {
      const topic = `test.outbox.${randomUUID().slice(0, 8)}`;
      const bus = createEventBus({ clientId: "outbox-test", topics: withDeadLetterTopics([topic]) });
      return { topic, bus };
    }

    it("publishes what a committed transaction wrote, and nothing of a rolled-back one", async () => {
      const { topic, bus } = freshBus();
      const relay = createOutboxRelay({ db: connection.db, producer: bus.producer(), pollIntervalMs: 50 });
      try {
        const received = await record(bus, topic, "g1");
        relay.start();
        await writeNote(connection, topic, "account-1", "kept");
        await writeNote(connection, topic, "account-1", "dropped", { rollback: true });
        relay.wake();
        await waitFor(() => received.length, { until: (n) => n >= 1, what: "the committed message arrived" });
        // A later message of the same key comes after anything published before it: once it is
        // here, a message of the rolled-back transaction would be too.
        await writeNote(connection, topic, "account-1", "marker");
        relay.wake();
        await waitFor(() => received.map((message) => message.text), {
          until: (texts) => texts.includes("marker"),
          what: "the marker message",
        });
        expect(received.map((message) => message.text)).toEqual(["kept", "marker"]);
        expect(received[0]).toMatchObject({ key: "account-1", headers: { "x-test": "1" } });
        const unsent = await connection.db.execute(
          sql`select count(*)::int as n from outbox_messages where topic = ${topic} and sent_at is null`,
        );
        expect(unsent.rows[0]).toEqual({ n: 0 });
      } finally {
        await relay.stop();
        await bus.close();
      }
    });

    it("keeps the order of each key across concurrent writers", async () => {
      const { topic, bus } = freshBus();
      const relay = createOutboxRelay({
        db: connection.db,
        producer: bus.producer(),
        pollIntervalMs: 20,
        batchSize: 7,
      });
      try {
        const received = await record(bus, topic, "g2");
        relay.start();
        const keys = ["a", "b", "c"];
        await Promise.all(
          keys.map(async (key) => {
            for (let i = 0; i < 15; i++) await writeNote(connection, topic, key, `${key}-${i}`);
          }),
        );
        await waitFor(() => received.length, { until: (n) => n >= 45, what: "every message arrived" });
        for (const key of keys) {
          const texts = received.filter((message) => message.key === key).map((message) => message.text);
          expect(texts).toEqual(Array.from({ length: 15 }, (_, i) => `${key}-${i}`));
        }
      } finally {
        await relay.stop();
        await bus.close();
      }
    });

    it("publishes each row once when two replicas relay the same table", async () => {
      const { topic, bus } = freshBus();
      const relays = ["replica-a", "replica-b"].map((holderId) =>
        createOutboxRelay({ db: connection.db, producer: bus.producer(), holderId, pollIntervalMs: 10 }),
      );
      try {
        const received = await record(bus, topic, "g3");
        for (const relay of relays) relay.start();
        for (let i = 0; i < 30; i++) await writeNote(connection, topic, "k", `m-${i}`);
        await waitFor(() => received.length, { until: (n) => n >= 30, what: "every message arrived" });
        // A row published twice is published again before any later row of its key: once a
        // message written after the thirty is here, any repeat of them would be too.
        await writeNote(connection, topic, "k", "marker");
        await waitFor(() => received.map((message) => message.text), {
          until: (texts) => texts.includes("marker"),
          what: "the marker message",
        });
        expect(received.map((message) => message.text)).toEqual([
          ...Array.from({ length: 30 }, (_, i) => `m-${i}`),
          "marker",
        ]);
        expect(relays.filter((relay) => relay.stats().leader)).toHaveLength(1);
      } finally {
        for (const relay of relays) await relay.stop();
        await bus.close();
      }
    });

    it("hands the lease over when the leader stops", async () => {
      const { topic, bus } = freshBus();
      const first = createOutboxRelay({
        db: connection.db,
        producer: bus.producer(),
        holderId: "first",
        pollIntervalMs: 10,
      });
      const second = createOutboxRelay({
        db: connection.db,
        producer: bus.producer(),
        holderId: "second",
        pollIntervalMs: 10,
      });
      try {
        const received = await record(bus, topic, "g4");
        first.start();
        await waitFor(() => first.stats().leader, "the first relay leads");
        second.start();
        await first.stop();
        await writeNote(connection, topic, "k", "after-handover");
        await waitFor(() => received.length, { until: (n) => n >= 1, what: "the second relay published" });
        expect(second.stats().leader).toBe(true);
      } finally {
        await first.stop();
        await second.stop();
        await bus.close();
      }
    });
  });
}
