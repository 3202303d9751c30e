import { create, toBinary } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { deadLetterHeaders, encodeEvent, eventTopics, type ReceivedMessage } from "@kurz/events";
import { clicksV1, eventsV1, linksV1 } from "@kurz/proto";
import { waitFor } from "@kurz/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayStoredInserts } from "../src/ingest/replay-stored-inserts";
import { clickEvent, type IngestHarness, startIngestHarness } from "./ingest-harness";

const ACCOUNT = "6f1b1c3e-3333-4a5b-8c9d-000000000003";
const UA =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

let h: IngestHarness;
let token: string;
const deadLetters: ReceivedMessage[] = [];

beforeAll(async () => {
  // Batches are written only when a test settles or the pipeline stops: nothing is written by
  // chance while a test looks at what is held.
  h = await startIngestHarness({ INGEST_BATCH_MAX_WAIT_MS: "60000" });
  token = await h.token(ACCOUNT, ["analytics:read"]);
  await h.bus.consume({
    groupId: "ingest-test-dlq",
    topics: [`${eventTopics.click}.dlq`],
    handler: async (message) => {
      deadLetters.push(message);
    },
  });
});

afterAll(async () => {
  await h?.close();
});

function clicksFor(linkId: string, count: number, code = "c") {
  return Array.from({ length: count }, (_, i) => ({
    accountId: ACCOUNT,
    linkId,
    host: "localhost",
    code,
    destinationUrl: "https://example.com/",
    ip: `81.2.69.${(i % 200) + 1}`,
    userAgent: UA,
  }));
}

async function stats(link: string) {
  // These clicks are published straight to the bus: tell the harness' link-api stand-in the link.
  h.resources.addLink(ACCOUNT, { linkId: link, code: "c" });
  const response = await h.app.http.app.inject({
    method: "GET",
    url: `/api/v1/analytics/${link}/complete`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  const analytics = response.json().analytics;
  return {
    rollupClicks: analytics.counts.clicks as number,
    rawClicks: analytics.trafficQuality.counts.clicks as number,
    countryClicks: (analytics.geography.countries as Array<{ clicks: number }>).reduce(
      (s, c) => s + c.clicks,
      0,
    ),
  };
}

describe("ingest", () => {
  it("stores a replayed batch once: raw clicks and rollups keep their counts", async () => {
    const link = uuidv7();
    const messages = clicksFor(link, 50, "replay").map(clickEvent);
    for (const message of messages) await h.producer.send(eventTopics.click, message);
    await h.settle();
    expect(await stats(link)).toEqual({ rollupClicks: 50, rawClicks: 50, countryClicks: 50 });

    const duplicatesBefore = h.pipeline.counters.duplicates.clicks_v1;
    // The same events again (same event ids), as a redelivery or a replay from an offset would.
    for (const message of messages) await h.producer.send(eventTopics.click, message);
    await h.settle();
    expect(await stats(link)).toEqual({ rollupClicks: 50, rawClicks: 50, countryClicks: 50 });
    expect(h.pipeline.counters.duplicates.clicks_v1 - duplicatesBefore).toBe(50);
  });

  it("sends a stored batch again for the views that missed it when its clicks come back in another batch", async () => {
    const link = uuidv7();
    const first = clicksFor(link, 40, "views-missed").map(clickEvent);
    // The views are detached while the batch is stored: the table has it, no view does, as when
    // the process dies between the table's part and the views'.
    const views = await (
      await h.store.client.query({
        query:
          "SELECT name FROM system.tables WHERE database = currentDatabase() AND engine = 'MaterializedView'",
        format: "JSONEachRow",
      })
    ).json<{ name: string }>();
    expect(views.length).toBeGreaterThan(3);
    for (const { name } of views) await h.store.client.command({ query: `DETACH TABLE ${name}` });
    try {
      for (const message of first) await h.producer.send(eventTopics.click, message);
      await h.settle();
    } finally {
      for (const { name } of views) await h.store.client.command({ query: `ATTACH TABLE ${name}` });
    }
    const stored = async () => {
      const result = await h.store.client.query({
        query: "SELECT count() AS n FROM clicks_v1 WHERE link_id = {link:String}",
        query_params: { link },
        format: "JSONEachRow",
      });
      return Number((await result.json<{ n: string }>())[0]?.n);
    };
    expect(await stored()).toBe(40);
    expect(await stats(link)).toEqual({ rollupClicks: 0, rawClicks: 0, countryClicks: 0 });

    // Ten of them again, in the company of twenty new ones: another batch, another token.
    const again = [...first.slice(5, 15), ...clicksFor(link, 20, "views-missed").map(clickEvent)];
    const duplicatesBefore = h.pipeline.counters.duplicates.clicks_v1;
    for (const message of again) await h.producer.send(eventTopics.click, message);
    await h.settle();
    expect(await stats(link)).toEqual({ rollupClicks: 60, rawClicks: 60, countryClicks: 60 });
    expect(await stored()).toBe(60);
    expect(h.pipeline.counters.duplicates.clicks_v1 - duplicatesBefore).toBe(10);

    // And once more: nothing is counted twice, in the table or in a view.
    for (const message of first.slice(0, 3)) await h.producer.send(eventTopics.click, message);
    await h.settle();
    expect(await stats(link)).toEqual({ rollupClicks: 60, rawClicks: 60, countryClicks: 60 });
    expect(await stored()).toBe(60);
  });

  it("does not send again a stored insert older than the dedup windows are trusted to remember", async () => {
    const link = uuidv7();
    const row = (i: number) => ({
      click_id: uuidv7(),
      clicked_at: "2026-01-01 00:00:00.000",
      account_id: ACCOUNT,
      link_id: link,
      ingest_token: `clicks_v1:test-old-${link}-${i}`,
    });
    const stored = async (token: string) => {
      const result = await h.store.client.query({
        query: "SELECT _part AS part FROM clicks_v1 WHERE ingest_token = {token:String} LIMIT 1",
        query_params: { token },
        format: "JSONEachRow",
      });
      return { token, part: (await result.json<{ part: string }>())[0]?.part ?? "" };
    };
    const rows = [0, 1, 2, 3].map(row);
    // A merge would join the four parts, and a merged part dates its rows by its oldest block.
    await h.store.client.command({ query: "SYSTEM STOP MERGES clicks_v1" });
    try {
      for (const r of rows)
        await h.store.insert({ table: "clicks_v1", rows: [r], dedupToken: r.ingest_token });
      const [oldest, , , newest] = await Promise.all(rows.map((r) => stored(r.ingest_token)));
      // Three blocks after the oldest: with a limit of 3 it is too old; the newest is not.
      const outcome = await replayStoredInserts(h.store, "clicks_v1", [oldest!, newest!], undefined, 3);
      expect(outcome.skipped).toEqual([oldest!.token]);
      expect(outcome.rows.map((r) => (r as { click_id: string }).click_id)).toEqual([rows[3]!.click_id]);
    } finally {
      await h.store.client.command({ query: "SYSTEM START MERGES clicks_v1" });
    }
  });

  it("ignores a re-inserted batch in ClickHouse itself (same dedup token), rollup included", async () => {
    const link = uuidv7();
    const now = new Date().toISOString().slice(0, 23).replace("T", " ");
    const rows = Array.from({ length: 3 }, () => ({
      click_id: uuidv7(),
      clicked_at: now,
      account_id: ACCOUNT,
      link_id: link,
      host: "localhost",
      code: "direct-insert",
      method: "GET",
      country: "GB",
      visitor_hash: 1,
      retention_days: 30,
    }));
    await h.store.insert({ table: "clicks_v1", rows, dedupToken: `test:${link}` });
    await h.store.insert({ table: "clicks_v1", rows, dedupToken: `test:${link}` });
    expect(await stats(link)).toEqual({ rollupClicks: 3, rawClicks: 3, countryClicks: 3 });
  });

  it("parks poison messages in the dead-letter topic while the rest flows", async () => {
    const link = uuidv7();
    const [before, after] = clicksFor(link, 2, "poison").map(clickEvent);
    const garbage = { key: link, value: new Uint8Array([0xff, 0x01, 0x02]), headers: {} };
    const badClick = encodeEvent("redirector", {
      type: "click.recorded",
      accountId: ACCOUNT,
      key: link,
      schema: clicksV1.ClickRecordedSchema,
      payload: {
        clickId: "not-a-uuid",
        accountId: ACCOUNT,
        linkId: link,
        clickedAt: timestampFromMs(Date.now()),
      },
    });
    for (const message of [before, garbage, badClick, after]) {
      await h.producer.send(eventTopics.click, message as NonNullable<typeof before>);
    }
    await h.settle();
    expect((await stats(link)).rawClicks).toBe(2);
    await waitFor(() => deadLetters.filter((m) => m.key === link).length, {
      until: (count) => count === 2,
      what: "two dead letters",
    });
    const parked = deadLetters.filter((m) => m.key === link);
    expect(parked.map((m) => m.headers[deadLetterHeaders.groupId])).toEqual([
      "analytics-ingest",
      "analytics-ingest",
    ]);
    expect(parked[0]?.headers[deadLetterHeaders.error]).toContain("EventEnvelope");
    expect(parked[1]?.headers[deadLetterHeaders.error]).toContain("click_id");
  });

  it("ignores event types it does not store instead of dead-lettering them", async () => {
    const ignoredBefore = h.pipeline.counters.ignored;
    const deadBefore = deadLetters.length;
    const other = toBinary(
      eventsV1.EventEnvelopeSchema,
      create(eventsV1.EventEnvelopeSchema, {
        id: uuidv7(),
        type: "click.annotated",
        accountId: ACCOUNT,
        key: "x",
        payloadType: "kurz.links.v1.LinkSnapshot",
        payload: toBinary(linksV1.LinkSnapshotSchema, create(linksV1.LinkSnapshotSchema, {})),
      }),
    );
    await h.producer.send(eventTopics.click, { key: "x", value: other, headers: {} });
    await h.settle();
    expect(h.pipeline.counters.ignored - ignoredBefore).toBe(1);
    expect(deadLetters.length).toBe(deadBefore);
  });

  it("exposes consumer lag and ingest counters as Prometheus metrics", async () => {
    await h.settle();
    const response = await h.app.http.app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    const text = response.body;
    expect(text).toContain("# TYPE kurz_ingest_consumer_lag gauge");
    expect(text).toMatch(/^kurz_ingest_consumer_lag\{topic="kurz\.click\.v1",partition="0"\} 0$/m);
    expect(text).toMatch(/^kurz_ingest_consumer_lag_total 0$/m);
    expect(text).toMatch(/^kurz_ingest_pending_rows\{table="clicks_v1"\} 0$/m);
    expect(text).toMatch(/^kurz_ingest_duplicates_total\{table="clicks_v1"\} [1-9]\d*$/m);
  });

  it("acknowledges clicks only once they are written, and loses none when it restarts mid-stream", async () => {
    const link = uuidv7();
    const messages = clicksFor(link, 300, "restart").map(clickEvent);
    for (const message of messages.slice(0, 150)) await h.producer.send(eventTopics.click, message);
    await h.producer.flush();
    await waitFor(() => h.pipeline.clicks.stats().pending, {
      until: (pending) => pending >= 150,
      what: "the first half to be held for its batch (150 pending rows)",
    });
    // Held for the batch, so not acknowledged: a crash now would have them delivered again.
    expect((await h.consumer.lag()).total).toBeGreaterThanOrEqual(150);
    expect((await stats(link)).rawClicks).toBe(0);
    const restarting = h.restart();
    for (const message of messages.slice(150)) await h.producer.send(eventTopics.click, message);
    await restarting;
    await h.settle();
    expect(await stats(link)).toEqual({ rollupClicks: 300, rawClicks: 300, countryClicks: 300 });
  });

  it("never stores the visitor's IP", async () => {
    const result = await h.store.client.query({
      query:
        "SELECT count() AS n FROM clicks_v1 WHERE positionCaseInsensitive(toString(tuple(*)), '81.2.69.') > 0",
      format: "JSONEachRow",
    });
    const [row] = await result.json<{ n: number | string }>();
    expect(Number(row?.n)).toBe(0);
    const all = await h.store.client.query({
      query: "SELECT count() AS n FROM clicks_v1",
      format: "JSONEachRow",
    });
    expect(Number((await all.json<{ n: number | string }>())[0]?.n)).toBeGreaterThan(300);
  });
});
