import type { ClickStore } from "@kurz/clickstore";
import { eventTopics, type ReceivedMessage } from "@kurz/events";
import type { Logger } from "@kurz/logger";
import type { RetentionLookup } from "../enrichment/retention-lookup";
import type { ClickRow, ConversionRow } from "./click-row";
import { decodeClick } from "./decode-click";
import { decodeConversion } from "./decode-conversion";
import type { ClickEnricher } from "./enrich-click";
import { createRowBatcher, type RowBatcher } from "./row-batcher";
import { writeRowsOnce } from "./write-rows-once";

export interface IngestCounters {
  duplicates: Record<"clicks_v1" | "conversions_v1", number>;
  /** Messages of event types this service does not store. */
  ignored: number;
}

export interface IngestPipeline {
  /** The consumer's handler: one message of kurz.click.v1 or kurz.conversion.v1. */
  handle(message: ReceivedMessage): Promise<void>;
  clicks: RowBatcher<ClickRow>;
  conversions: RowBatcher<ConversionRow>;
  counters: IngestCounters;
  /** Writes what is held (graceful stop), giving up after timeoutMs. */
  close(timeoutMs: number): Promise<void>;
}

export interface IngestPipelineOptions {
  store: ClickStore;
  enricher: ClickEnricher;
  retention: RetentionLookup;
  logger: Logger;
  batchMaxRows: number;
  batchMaxWaitMs: number;
  maxPendingRows: number;
}

/**
 * Decode → enrich → batch → ClickHouse, for clicks and conversions. The handler returns once its
 * row is queued (a batch holds up to `batchMaxRows` rows, and the consumer acknowledges per
 * message); the batchers are flushed on graceful stop after the consumer has stopped, so a
 * restart loses nothing. See the README on the crash window.
 */
export function createIngestPipeline(options: IngestPipelineOptions): IngestPipeline {
  const { store, retention, logger } = options;
  const counters: IngestCounters = { duplicates: { clicks_v1: 0, conversions_v1: 0 }, ignored: 0 };
  const batchOptions = {
    maxRows: options.batchMaxRows,
    maxWaitMs: options.batchMaxWaitMs,
    maxPending: options.maxPendingRows,
    logger,
  };

  const clicks = createRowBatcher<ClickRow>({
    ...batchOptions,
    name: "clicks_v1",
    write: async (rows) => {
      const outcome = await writeRowsOnce(store, retention, clickSpec, rows);
      counters.duplicates.clicks_v1 += outcome.duplicates;
    },
  });
  const conversions = createRowBatcher<ConversionRow>({
    ...batchOptions,
    name: "conversions_v1",
    write: async (rows) => {
      const outcome = await writeRowsOnce(store, retention, conversionSpec, rows);
      counters.duplicates.conversions_v1 += outcome.duplicates;
    },
  });

  return {
    async handle(message) {
      if (message.topic === eventTopics.click) {
        const decoded = decodeClick(message.value);
        if (!decoded) {
          counters.ignored++;
          return;
        }
        await clicks.add(await options.enricher.enrich(decoded.click, decoded.clickedAtMs));
        return;
      }
      if (message.topic === eventTopics.conversion) {
        const row = decodeConversion(message.value);
        if (!row) {
          counters.ignored++;
          return;
        }
        await conversions.add(row);
        return;
      }
      counters.ignored++;
    },
    clicks,
    conversions,
    counters,
    async close(timeoutMs) {
      await Promise.all([clicks.close(timeoutMs), conversions.close(timeoutMs)]);
    },
  };
}

const clickSpec = {
  table: "clicks_v1",
  idColumn: "click_id",
  timeColumn: "clicked_at",
  id: (row: ClickRow) => row.click_id,
  time: (row: ClickRow) => row.clicked_at,
  account: (row: ClickRow) => row.account_id,
  setRetention: (row: ClickRow, days: number) => {
    row.retention_days = days;
  },
} as const;

const conversionSpec = {
  table: "conversions_v1",
  idColumn: "conversion_id",
  timeColumn: "occurred_at",
  id: (row: ConversionRow) => row.conversion_id,
  time: (row: ConversionRow) => row.occurred_at,
  account: (row: ConversionRow) => row.account_id,
  setRetention: (row: ConversionRow, days: number) => {
    row.retention_days = days;
  },
} as const;
