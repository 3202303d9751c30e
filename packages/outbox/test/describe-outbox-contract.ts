import { randomUUID } from "node:crypto";
import { createEventBus, withDeadLetterTopics } from "@kurz/events";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxRelay } from "../src";
import {
  migrationsFolder,
  record,
  sleep,
  type TestConnection,
  waitUntil,
  writeNote,
} from "./outbox-test-kit";

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
        await waitUntil("the committed message arrived", () => received.length >= 1);
        await relay.drain();
        await sleep(100);
        expect(received.map((message) => message.text)).toEqual(["kept"]);
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
        await waitUntil("every message arrived", () => received.length >= 45);
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
        await waitUntil("every message arrived", () => received.length >= 30);
        await sleep(200);
        expect(received.map((message) => message.text)).toEqual(
          Array.from({ length: 30 }, (_, i) => `m-${i}`),
        );
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
        await waitUntil("the first relay leads", () => first.stats().leader);
        second.start();
        await first.stop();
        await writeNote(connection, topic, "k", "after-handover");
        await waitUntil("the second relay published", () => received.length >= 1);
        expect(second.stats().leader).toBe(true);
      } finally {
        await first.stop();
        await second.stop();
        await bus.close();
      }
    });
  });
}
