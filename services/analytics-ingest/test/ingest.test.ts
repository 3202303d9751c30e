import { create, toBinary } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { deadLetterHeaders, encodeEvent, eventTopics, type ReceivedMessage } from "@kurz/events";
import { clicksV1, eventsV1, linksV1 } from "@kurz/proto";
import { waitFor } from "@kurz/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
