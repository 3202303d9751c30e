import { setTimeout as sleep } from "node:timers/promises";
import { createEventBus, type EventBus, type EventConsumer, encodeEvent, eventTopics } from "@kurz/events";
import { linksV1 } from "@kurz/proto";
import {
  createTestDatabase,
  postgresBackend,
  startTcpFaultProxy,
  type TcpFaultProxy,
  type TestDatabase,
  waitFor,
} from "@kurz/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runAdminCommand } from "../../src/admin/run-admin-command";
import { webhookDeadLetters, webhookMessages } from "../../src/db/schema";
import { createWebhook } from "../../src/endpoints/create-webhook";
import { countWaitingDeadLetters, replayDeadLetters } from "../../src/events/dead-letters";
import { startWebhookEventConsumer } from "../../src/events/start-webhook-event-consumer";
import type { WebhookPayloadDeps } from "../../src/payloads/webhook-payload-deps";
import { deadLetterReadiness } from "../../src/routes/metrics-route";
import { startDispatcherContext } from "../support/start-dispatcher-context";

const ACCOUNT = "0190aa00-1111-7222-8333-444455556666";

type Context = Awaited<ReturnType<typeof startDispatcherContext>>;

/** What the bus logged (events.batch_failed, events.dead_lettered...), with its fields. */
const busLog: Array<Record<string, unknown>> = [];
const busEvents = () => busLog.map((fields) => String(fields.event));
const record = (fields: Record<string, unknown>) => void busLog.push(fields);
const busLogger = { debug: record, info: record, warn: record, error: record };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

function linkCreated(n: number) {
  const linkId = `0191c3a0-5e2b-7c4d-8e9f-${String(n).padStart(12, "0")}`;
  return encodeEvent("link-api", {
    type: "link.created",
    accountId: ACCOUNT,
    key: ACCOUNT,
    schema: linksV1.LinkChangedSchema,
    payload: {
      link: {
        linkId,
        accountId: ACCOUNT,
        host: "go.acme.com",
        code: `c${n}`,
        destinationUrl: "https://acme.com",
      },
    },
    occurredAt: new Date(),
  });
}

async function start(
  t: Context,
  deps: WebhookPayloadDeps,
): Promise<{ bus: EventBus; consumer: EventConsumer }> {
  await createWebhook(t.ctx, ACCOUNT, {
    url: "http://127.0.0.1:9/hooks",
    description: "",
    event_types: ["link.created"],
    link_ids: [],
    enabled: true,
  });
  const bus = createEventBus({ clientId: "webhook-dispatcher-test", logger: busLogger });
  const consumer = await startWebhookEventConsumer(bus, t.ctx, deps);
  cleanups.push(async () => {
    await consumer.stop();
    await bus.close();
  });
  return { bus, consumer };
}

const deps = (shortUrl: WebhookPayloadDeps["shortUrl"] = (host, code) => `https://${host}/${code}`) => ({
  enrich: () => {
    throw new Error("no clicks here");
  },
  shortUrl,
});

const dlqEnd = async (bus: EventBus) =>
  (await bus.topicOffsets(`${eventTopics.link}.dlq`)).reduce((sum, p) => sum + p.endOffset, 0);

const postgres = await postgresBackend();

describe.skipIf(!postgres.available)("the event consumer during a PostgreSQL outage", () => {
  it("loses no event when the connection is cut for 0.4 s while events arrive: retried, never dead-lettered", async () => {
    if (!postgres.available) return;
    const database: TestDatabase = await createTestDatabase(
      postgres.value.adminUrl,
      "kurz_test_webhook_consumer",
    );
    cleanups.push(() => database.drop());
    const target = new URL(database.url);
    const proxy: TcpFaultProxy = await startTcpFaultProxy({
      host: target.hostname,
      port: Number(target.port),
    });
    cleanups.push(() => proxy.stop());
    const proxied = new URL(database.url);
    proxied.host = proxy.address;
    const t = await startDispatcherContext({ databaseUrl: proxied.toString() });
    cleanups.push(() => t.close());
    const { bus } = await start(t, deps());
    const producer = bus.producer();

    for (let n = 0; n < 20; n++) await producer.send(eventTopics.link, linkCreated(n));
    proxy.cut();
    for (let n = 20; n < 40; n++) await producer.send(eventTopics.link, linkCreated(n));
    await waitFor(() => busEvents().includes("events.batch_failed"), "the consumer to meet the outage");
    // fixed-delay: the outage lasts 0.4 s from there (a fault's duration, not a wait for a condition).
    await sleep(400);
    proxy.restore();
    for (let n = 40; n < 60; n++) await producer.send(eventTopics.link, linkCreated(n));

    await waitFor(
      async () => (await t.ctx.db.select({ id: webhookMessages.id }).from(webhookMessages)).length,
      {
        until: (n) => n === 60,
        what: "every one of the 60 events stored as a webhook message",
      },
    );
    expect(await countWaitingDeadLetters(t.ctx.db)).toBe(0);
    expect(await dlqEnd(bus)).toBe(0);
    // Classified once, as transient: retried whole, never counted towards a split or a dead letter.
    const failures = busLog.filter((fields) => String(fields.event).endsWith("_failed"));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((fields) => fields.transient === true)).toBe(true);
    expect(busEvents()).not.toContain("events.batch_split");
    expect(busEvents()).not.toContain("events.dead_lettered");
  });
});

describe("poison events", () => {
  it("dead-letters an event that cannot be decoded or mapped, counts it, and the replay command brings back a fixed one", async () => {
    const t = await startDispatcherContext();
    cleanups.push(() => t.close());
    // A catalogue bug: the short URL of every link fails to render.
    let catalogueFixed = false;
    const { bus } = await start(
      t,
      deps((host, code) => {
        if (!catalogueFixed) throw new Error("short URL template broken");
        return `https://${host}/${code}`;
      }),
    );
    const producer = bus.producer();
    await producer.send(eventTopics.link, {
      key: ACCOUNT,
      value: new Uint8Array([1, 2, 3, 255]),
      headers: {},
    });
    const broken = linkCreated(1);
    await producer.send(eventTopics.link, broken);

    const letters = await waitFor(() => t.ctx.db.select().from(webhookDeadLetters), {
      until: (rows) => rows.length === 2,
      what: "two dead letters",
    });
    expect(letters.find((row) => row.eventType === "link.created")?.error).toContain(
      "short URL template broken",
    );
    expect(letters.find((row) => row.eventType === null)).toBeDefined();
    expect(t.ctx.deadLetterStats).toMatchObject({ stored: 2 });
    await expect(deadLetterReadiness(t.ctx).check()).rejects.toThrow(/2 dead-lettered events waiting/);
    // Parked in this service's database, not in a topic nobody reads; nothing was queued.
    expect(await dlqEnd(bus)).toBe(0);
    expect(await t.ctx.db.select().from(webhookMessages)).toHaveLength(0);

    // The operator lists them, the catalogue is fixed, the operator replays.
    const lines: string[] = [];
    const session = {
      ctx: t.ctx,
      deps: deps((host, code) => `https://${host}/${code}`),
      replay: replayDeadLetters,
      close: async () => undefined,
    };
    expect(
      await runAdminCommand(["dead-letters"], { out: (line) => lines.push(line), open: async () => session }),
    ).toBe(0);
    expect(lines[0]).toBe("2 dead letters waiting");
    catalogueFixed = true;
    lines.length = 0;
    expect(
      await runAdminCommand(["dead-letters", "replay"], {
        out: (line) => lines.push(line),
        open: async () => session,
      }),
    ).toBe(1);
    expect(lines.at(-1)).toBe("1 replayed, 1 still failing");
    const [message] = await t.ctx.db.select().from(webhookMessages);
    expect(message).toMatchObject({
      eventType: "link.created",
      sourceEventId: letters.find((r) => r.eventId)?.eventId,
    });
    expect(await countWaitingDeadLetters(t.ctx.db)).toBe(1);
    await expect(deadLetterReadiness(t.ctx).check()).rejects.toThrow(/1 dead-lettered event waiting/);
    // Replaying again queues nothing twice.
    await runAdminCommand(["dead-letters", "replay"], { out: () => undefined, open: async () => session });
    expect(await t.ctx.db.select().from(webhookMessages)).toHaveLength(1);
  });
});
