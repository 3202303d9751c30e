import type { EventConsumer } from "@kurz/events";
import type { FastifyInstance } from "fastify";
import type { IngestPipeline } from "../ingest/create-ingest-pipeline";

function line(name: string, labels: Record<string, string | number>, value: number): string {
  const text = Object.entries(labels)
    .map(([key, v]) => `${key}="${String(v).replace(/["\\\n]/g, "_")}"`)
    .join(",");
  return `${name}${text ? `{${text}}` : ""} ${value}`;
}

/**
 * GET /metrics, Prometheus text format: consumer lag (per topic and partition), rows held and
 * written, duplicates dropped, failed writes. Served on the service port only (the edge does not
 * route /metrics here).
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  pipeline: IngestPipeline,
  consumer: () => EventConsumer | undefined,
): void {
  app.get("/metrics", async (_request, reply) => {
    const lines: string[] = [];
    const current = consumer();
    if (current) {
      const lag = await current.lag();
      lines.push("# HELP kurz_ingest_consumer_lag Messages not yet consumed by the analytics-ingest group.");
      lines.push("# TYPE kurz_ingest_consumer_lag gauge");
      for (const p of lag.partitions) {
        lines.push(line("kurz_ingest_consumer_lag", { topic: p.topic, partition: p.partition }, p.lag));
      }
      lines.push("# HELP kurz_ingest_consumer_lag_total Sum of the consumer lag over all partitions.");
      lines.push("# TYPE kurz_ingest_consumer_lag_total gauge");
      lines.push(line("kurz_ingest_consumer_lag_total", {}, lag.total));
    }
    const batchers = { clicks_v1: pipeline.clicks.stats(), conversions_v1: pipeline.conversions.stats() };
    const gauges: Array<
      [string, string, "gauge" | "counter", (s: (typeof batchers)["clicks_v1"]) => number]
    > = [
      [
        "kurz_ingest_pending_rows",
        "Rows consumed and waiting for their ClickHouse batch.",
        "gauge",
        (s) => s.pending,
      ],
      [
        "kurz_ingest_rows_written_total",
        "Rows handed to ClickHouse (duplicates dropped before).",
        "counter",
        (s) => s.writtenRows,
      ],
      [
        "kurz_ingest_batches_written_total",
        "Batches written to ClickHouse.",
        "counter",
        (s) => s.writtenBatches,
      ],
      [
        "kurz_ingest_write_failures_total",
        "Failed batch writes (each retried).",
        "counter",
        (s) => s.failedAttempts,
      ],
    ];
    for (const [name, help, type, read] of gauges) {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      for (const [table, stats] of Object.entries(batchers)) lines.push(line(name, { table }, read(stats)));
    }
    lines.push("# HELP kurz_ingest_duplicates_total Events dropped because they were already stored.");
    lines.push("# TYPE kurz_ingest_duplicates_total counter");
    for (const [table, n] of Object.entries(pipeline.counters.duplicates)) {
      lines.push(line("kurz_ingest_duplicates_total", { table }, n));
    }
    lines.push("# HELP kurz_ingest_ignored_events_total Events of types this service does not store.");
    lines.push("# TYPE kurz_ingest_ignored_events_total counter");
    lines.push(line("kurz_ingest_ignored_events_total", {}, pipeline.counters.ignored));
    return reply.type("text/plain; version=0.0.4; charset=utf-8").send(`${lines.join("\n")}\n`);
  });
}
