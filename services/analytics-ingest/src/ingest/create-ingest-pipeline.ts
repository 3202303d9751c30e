import type { ClickStore } from "@kurz/clickstore";
import { type BatchContext, eventTopics, type ReceivedMessage } from "@kurz/events";
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
  /**
   * The consumer's batch handler: decodes and enriches every message, then resolves once their
   * rows are in ClickHouse, so the bus commits only what is stored. Throws for a malformed message
   * (the bus then retries the batch and goes one by one, parking that message in the DLQ).
   */
  handleBatch(messages: readonly ReceivedMessage[], context?: BatchContext): Promise<void>;
  /** One message alone (the bus' one-by-one phase after a failed batch): written without waiting for company. */
  handleOne(message: ReceivedMessage): Promise<void>;
  clicks: RowBatcher<ClickRow>;
  conversions: RowBatcher<ConversionRow>;
  counters: IngestCounters;
  /** From now on rows are written at once: the consumer is stopping and its last batch should not wait. */
  expedite(): void;
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
  /** Told of every click batch once it is in ClickHouse (the click-count feed notes its links). */
  onClicksWritten?: (rows: readonly ClickRow[]) => void;
  /**
   * Awaited after every click batch is in ClickHouse and before its messages are acknowledged
   * (what reports remember of the accounts' past days is moved on: account-generations.ts).
   */
  afterClicksWritten?: (rows: readonly ClickRow[]) => Promise<void>;
}

/**
 * Decode → enrich → batch → ClickHouse, for clicks and conversions. A consumer batch resolves
 * only once its rows are written (rows of concurrent consumer batches share inserts of up to
 * `batchMaxRows`), and only then does the bus commit its offsets: a crash at any point loses
 * nothing, it redelivers what was not stored, and writeRowsOnce drops what was.
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
      const outcome = await writeRowsOnce(store, retention, clickSpec, rows, logger);
      counters.duplicates.clicks_v1 += outcome.duplicates;
      // Rows of a stored insert sent again may have reached a view only now: their accounts'
      // reports move on as for new rows.
      const changed = outcome.replayed.length === 0 ? rows : [...rows, ...outcome.replayed];
      options.onClicksWritten?.(changed);
      await options.afterClicksWritten?.(changed);
    },
  });
  const conversions = createRowBatcher<ConversionRow>({
    ...batchOptions,
    name: "conversions_v1",
    write: async (rows) => {
      const outcome = await writeRowsOnce(store, retention, conversionSpec, rows, logger);
      counters.duplicates.conversions_v1 += outcome.duplicates;
    },
  });

  /** The rows of the messages, by table; messages of other event types are counted and skipped. */
  async function rowsOf(messages: readonly ReceivedMessage[]) {
    const clickRows: ClickRow[] = [];
    const conversionRows: ConversionRow[] = [];
    for (const message of messages) {
      if (message.topic === eventTopics.click) {
        const decoded = decodeClick(message.value);
        if (decoded) {
          const row = options.enricher.enrich(decoded);
          clickRows.push(row instanceof Promise ? await row : row);
        } else counters.ignored++;
      } else if (message.topic === eventTopics.conversion) {
        const row = decodeConversion(message.value);
        if (row) conversionRows.push(row);
        else counters.ignored++;
      } else {
        counters.ignored++;
      }
    }
    return { clickRows, conversionRows };
  }

  async function storeRows(messages: readonly ReceivedMessage[], now: boolean): Promise<void> {
    const { clickRows, conversionRows } = await rowsOf(messages);
    await Promise.all([clicks.write(clickRows, { now }), conversions.write(conversionRows, { now })]);
  }

  return {
    // Behind the partition's end, waiting for company only slows the catch-up: the partition's
    // next messages are fetched once these are written (see BatchContext).
    handleBatch: (messages, context) => storeRows(messages, context?.backlog === true),
    handleOne: (message) => storeRows([message], true),
    clicks,
    conversions,
    counters,
    expedite() {
      clicks.expedite();
      conversions.expedite();
    },
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
  link: (row: ClickRow) => row.link_id,
  setRetention: (row: ClickRow, days: number) => {
    row.retention_days = days;
  },
  tokenColumn: "ingest_token",
} as const;

const conversionSpec = {
  table: "conversions_v1",
  idColumn: "conversion_id",
  timeColumn: "occurred_at",
  id: (row: ConversionRow) => row.conversion_id,
  time: (row: ConversionRow) => row.occurred_at,
  account: (row: ConversionRow) => row.account_id,
  link: (row: ConversionRow) => row.link_id,
  setRetention: (row: ConversionRow, days: number) => {
    row.retention_days = days;
  },
} as const;
