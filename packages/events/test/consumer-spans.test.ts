import { kafkaBackend, waitFor } from "@kurz/testing";
import { context, propagation, SpanKind, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEventBus, type EventBus, type EventMessage, withDeadLetterTopics } from "../src";
import { textMessage, uniqueGroup, uniqueTopic } from "./bus-test-kit";

// What the telemetry preload sets up in a service process: an SDK, async context, W3C headers.
const exporter = new InMemorySpanExporter();
const contextManager = new AsyncLocalStorageContextManager();
beforeAll(() => {
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  context.setGlobalContextManager(contextManager.enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
});
beforeEach(() => exporter.reset());
afterAll(() => {
  trace.disable();
  context.disable();
  propagation.disable();
});

const tracer = trace.getTracer("consumer-spans-test");
const kafka = await kafkaBackend();

interface BusSetup {
  skip: string | undefined;
  make(topics: string[]): Promise<{ bus: EventBus; cleanup(): Promise<void> }>;
}

const buses: Array<[string, BusSetup]> = [
  [
    "in-process",
    {
      skip: undefined,
      make: async (topics) => ({
        bus: createEventBus({ clientId: "spans-test", topics, partitions: 1 }),
        cleanup: async () => {},
      }),
    },
  ],
  [
    "kafkajs",
    {
      skip: kafka.available ? undefined : kafka.reason,
      make: async (topics) => {
        if (!kafka.available) throw new Error(kafka.reason);
        const cluster = await kafka.value.start({ topics, partitions: 1 });
        const bus = createEventBus({
          brokers: cluster.brokers,
          clientId: "spans-test",
          topics,
          kafka: cluster.tuning,
        });
        return { bus, cleanup: cluster.stop };
      },
    },
  ],
];

/** A message published while `span` is active, with its context in the headers as encodeEvent does. */
function publishedIn(span: ReturnType<typeof tracer.startSpan>, key: string): EventMessage {
  const headers: Record<string, string> = { "event-id": `event-${key}` };
  propagation.inject(trace.setSpan(context.active(), span), headers);
  return textMessage(key, key, headers);
}

/** Publishes one message from each of `count` requests, each the root of its own trace. */
async function publishFromRequests(bus: EventBus, topic: string, count: number) {
  const producer = bus.producer({ lingerMs: 5 });
  const requests: ReadableSpan[] = [];
  for (let i = 0; i < count; i++) {
    const request = tracer.startSpan(`GET /code-${i}`, { kind: SpanKind.SERVER, root: true });
    await context.with(trace.setSpan(context.active(), request), () =>
      producer.send(topic, publishedIn(request, `click-${i}`)),
    );
    request.end();
    requests.push(request as unknown as ReadableSpan);
  }
  await producer.close();
  return requests;
}

const finished = () => exporter.getFinishedSpans();
const traceOf = (span: ReadableSpan) => span.spanContext().traceId;
const parentSpanId = (span: ReadableSpan) => span.parentSpanContext?.spanId;

for (const [name, setup] of buses) {
  describe.skipIf(setup.skip !== undefined)(`consumer spans: ${name}`, () => {
    it("links a batch's span to the trace each of its messages was published in", async () => {
      const topic = uniqueTopic("batch-spans");
      const { bus, cleanup } = await setup.make(withDeadLetterTopics([topic]));
      try {
        const requests = await publishFromRequests(bus, topic, 3);
        let handled = 0;
        await bus.consumeBatches({
          groupId: uniqueGroup("ingest"),
          topics: [topic],
          batch: { maxMessages: 10, maxWaitMs: 200 },
          handleBatch: async (messages) => {
            tracer.startSpan("insert clicks").end();
            handled += messages.length;
          },
        });
        await waitFor(() => handled, { until: (n) => n >= 3, what: "every message was handled" });

        const batchSpans = finished().filter((span) => span.name === `process ${topic}`);
        expect(batchSpans.length).toBeGreaterThan(0);
        const linkedTraces = batchSpans.flatMap((span) => span.links.map((link) => link.context.traceId));
        expect(new Set(linkedTraces)).toEqual(new Set(requests.map(traceOf)));
        for (const span of batchSpans) {
          expect(span.kind).toBe(SpanKind.CONSUMER);
          // A batch starts its own trace: it belongs to none of its producers alone.
          expect(parentSpanId(span)).toBeUndefined();
          expect(requests.map(traceOf)).not.toContain(traceOf(span));
          expect(span.attributes["messaging.destination.name"]).toBe(topic);
          for (const link of span.links) {
            expect(link.attributes?.["messaging.message.id"]).toMatch(/^event-click-\d$/);
          }
        }
        const linkedSpans = batchSpans.flatMap((span) => span.links.map((link) => link.context.spanId));
        expect(new Set(linkedSpans)).toEqual(new Set(requests.map((r) => r.spanContext().spanId)));
        // The handler's own work is part of the batch's trace.
        const insert = finished().find((span) => span.name === "insert clicks");
        expect(batchSpans.map((span) => span.spanContext().spanId)).toContain(parentSpanId(insert!));
      } finally {
        await bus.close();
        await cleanup();
      }
    });

    it("continues the producer's trace in a message's consumer span", async () => {
      const topic = uniqueTopic("message-spans");
      const { bus, cleanup } = await setup.make(withDeadLetterTopics([topic]));
      try {
        const [request] = await publishFromRequests(bus, topic, 1);
        let handled = false;
        await bus.consume({
          groupId: uniqueGroup("dispatcher"),
          topics: [topic],
          handler: async () => {
            tracer.startSpan("deliver webhook").end();
            handled = true;
          },
        });
        await waitFor(() => handled, "the message was handled");

        const span = finished().find((s) => s.name === `process ${topic}`);
        expect(span?.kind).toBe(SpanKind.CONSUMER);
        expect(traceOf(span!)).toBe(traceOf(request!));
        expect(parentSpanId(span!)).toBe(request!.spanContext().spanId);
        const deliver = finished().find((s) => s.name === "deliver webhook");
        expect(parentSpanId(deliver!)).toBe(span!.spanContext().spanId);
      } finally {
        await bus.close();
        await cleanup();
      }
    });
  });
}
