import type { ClickStore } from "@kurz/clickstore";
import { type RepeatingTimer, systemTimer } from "@kurz/clock";
import type { Logger } from "@kurz/logger";
import type { Clock } from "@kurz/service-runtime";
import type { ClickRow } from "../ingest/click-row";
import { getLinkClickTotals, type LinkClickTotal } from "../queries/get-link-click-totals";
import { listLinksClickedSince } from "../queries/list-links-clicked-since";

/** Where the totals go: link-api's ClickCountService (send-click-counts-to-link-api.ts). */
export type SendClickCounts = (totals: readonly LinkClickTotal[]) => Promise<void>;

export interface ClickCountFeed {
  /** Notes the links of click rows just written to ClickHouse (the ingest pipeline calls it). */
  noteClicks(rows: readonly ClickRow[]): void;
  /** Pushes the totals of every noted link now; resolves to how many links. */
  push(): Promise<number>;
  /** Notes every link clicked within catchUpMs, then pushes (at start). */
  catchUp(): Promise<number>;
  /** Catches up in the background, then pushes every intervalMs. */
  start(): void;
  /** Stops the timer and pushes what is noted, so a graceful restart loses nothing. */
  stop(): Promise<void>;
}

export interface ClickCountFeedOptions {
  store: ClickStore;
  send: SendClickCounts;
  logger: Logger;
  intervalMs: number;
  catchUpMs: number;
  clock: Clock;
  timer?: RepeatingTimer;
  /** Links per totals query and per SetClickCounts call (link-api takes at most 1000). */
  batchSize?: number;
}

/**
 * Feeds link-api's `links.clicks` (sort by clicks, totalClicks) with absolute human-click totals
 * read from the daily rollup, so a replayed or repeated push changes nothing. A link is noted
 * once its click rows are written and pushed at the next interval: its count trails the click by
 * at most the ingest batch wait plus intervalMs plus one push. Each replica pushes the links it
 * ingested and link-api keeps the larger total, so replicas never undo each other. Noted links
 * live in memory: those of a crashed process are pushed again by the next start's catch-up.
 */
export function createClickCountFeed(options: ClickCountFeedOptions): ClickCountFeed {
  const { store, send, logger, clock } = options;
  const timer = options.timer ?? systemTimer;
  const batchSize = options.batchSize ?? 1_000;
  /** link id → account id: a link clicked many times between two pushes is pushed once. */
  const noted = new Map<string, string>();
  let running: Promise<number> | undefined;
  let cancel: (() => void) | undefined;

  async function pushNoted(): Promise<number> {
    const links = [...noted].map(([linkId, accountId]) => ({ accountId, linkId }));
    // Cleared before the totals are read: a link whose rows are written after that is noted
    // again and goes with the next push, so no click falls between two pushes.
    noted.clear();
    for (let i = 0; i < links.length; i += batchSize) {
      try {
        await send(await getLinkClickTotals(store, links.slice(i, i + batchSize)));
      } catch (error) {
        for (const link of links.slice(i)) noted.set(link.linkId, link.accountId);
        throw error;
      }
    }
    return links.length;
  }

  async function push(): Promise<number> {
    // One push at a time; a caller arriving during one waits, then pushes what was noted since.
    while (running) await running.catch(() => undefined);
    running = pushNoted().finally(() => {
      running = undefined;
    });
    return running;
  }

  async function catchUp(): Promise<number> {
    const since = new Date(clock.now().getTime() - options.catchUpMs);
    for (const link of await listLinksClickedSince(store, since)) noted.set(link.linkId, link.accountId);
    return push();
  }

  const logFailure = (error: unknown) =>
    logger.warn(
      { event: "click_counts.push_failed", err: error, pending: noted.size },
      "click totals not pushed to link-api; retried at the next interval",
    );

  return {
    noteClicks(rows) {
      for (const row of rows) {
        // Only human clicks move a total (bots and HEAD requests are counted apart).
        if (row.method !== "HEAD" && !row.is_bot) noted.set(row.link_id, row.account_id);
      }
    },
    push,
    catchUp,
    start() {
      void catchUp().catch(logFailure);
      let waiting = false;
      cancel = timer.every(options.intervalMs, async () => {
        // At most one tick waits behind a slow push: ticks never pile up.
        if (waiting || noted.size === 0) return;
        waiting = true;
        try {
          await push();
        } catch (error) {
          logFailure(error);
        } finally {
          waiting = false;
        }
      });
    },
    async stop() {
      cancel?.();
      await push().catch(logFailure);
    },
  };
}
