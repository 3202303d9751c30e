import cluster, { type Worker } from "node:cluster";
import { type Clock, systemClock } from "@kurz/clock";
import type { Logger } from "@kurz/logger";
import { stopWhenStdinEnds } from "@kurz/service-runtime";
import { isSiblingMessage } from "./sibling-channel";

export interface WorkerPoolOptions {
  count: number;
  /** Added to every worker's environment (e.g. one cookie secret for all). */
  env: Record<string, string>;
  /** The workers' script; the primary's own by default. */
  exec?: string;
  logger: Logger;
  /** The workers' SHUTDOWN_DEADLINE_MS: past it (and a margin) the primary kills what is left. */
  shutdownDeadlineMs: number;
  /** Unexpected exits within a minute after which the primary gives up (exit 1). Default 10. */
  maxRestartsPerMinute?: number;
  clock?: Clock;
}

/** What the orchestrator sees when the primary gives up on workers that keep dying. */
export const CRASH_LOOP_EXIT_CODE = 1;
/** Past the shutdown deadline with workers still running (as runMain's: EX_SOFTWARE). */
export const POOL_DEADLINE_EXIT_CODE = 70;
const DEADLINE_MARGIN_MS = 2_000;

/**
 * The primary of REDIRECTOR_WORKERS > 1: forks the workers, which serve on one shared port (the
 * primary hands each new connection to the next worker), passes link changes between them,
 * replaces a worker that dies (after a short back-off; a crash loop ends the process so the
 * orchestrator sees it), and stops them all on SIGTERM, Ctrl-C or, under a parent that holds
 * its stdin (KURZ_STOP_WHEN_STDIN_ENDS=1), the pipe's end: exit 0 when every worker
 * stopped cleanly, 1 otherwise, 70 past the deadline; a second signal kills them at once (130).
 * The primary serves nothing itself.
 */
export function runWorkerPool(options: WorkerPoolOptions): void {
  const { logger } = options;
  const clock = options.clock ?? systemClock;
  const maxRestarts = options.maxRestartsPerMinute ?? 10;
  if (options.exec) cluster.setupPrimary({ exec: options.exec });
  const live = new Map<number, { worker: Worker; index: number }>();
  const restarts: number[] = [];
  let stopping = false;
  let unclean = false;

  const fork = (index: number) => {
    const worker = cluster.fork({ ...options.env, REDIRECTOR_WORKER: String(index) });
    live.set(worker.id, { worker, index });
    worker.on("message", (message: unknown) => {
      if (!isSiblingMessage(message)) return;
      for (const { worker: sibling } of live.values()) {
        if (sibling !== worker && sibling.isConnected()) sibling.send(message);
      }
    });
  };

  const exitWhenEmpty = () => {
    if (live.size === 0) process.exit(unclean ? 1 : 0);
  };

  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ event: "redirector.workers_stopping", reason, workers: live.size }, "stopping workers");
    for (const { worker } of live.values()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      logger.error(
        { event: "redirector.workers_deadline_exceeded", workers: live.size },
        "workers did not stop within the shutdown deadline; killing them",
      );
      for (const { worker } of live.values()) worker.process.kill("SIGKILL");
      process.exit(POOL_DEADLINE_EXIT_CODE);
    }, options.shutdownDeadlineMs + DEADLINE_MARGIN_MS).unref();
    exitWhenEmpty();
  };

  cluster.on("exit", (worker, code, signal) => {
    const entry = live.get(worker.id);
    live.delete(worker.id);
    if (stopping) {
      if (code !== 0) unclean = true;
      exitWhenEmpty();
      return;
    }
    const now = clock.monotonicMs();
    restarts.push(now);
    while (restarts.length > 0 && (restarts[0] as number) < now - 60_000) restarts.shift();
    logger.error(
      {
        event: "redirector.worker_exited",
        worker: entry?.index,
        code,
        signal,
        restartsInLastMinute: restarts.length,
      },
      "a redirector worker exited unexpectedly",
    );
    if (restarts.length > maxRestarts) {
      unclean = true;
      stop("crash loop");
      return;
    }
    const backoffMs = Math.min(5_000, 100 * 2 ** (restarts.length - 1));
    setTimeout(() => {
      if (!stopping && entry) fork(entry.index);
    }, backoffMs);
  });

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      for (const { worker } of live.values()) worker.process.kill("SIGKILL");
      process.exit(130);
    }
    stop(signal);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  // Under a parent that holds our stdin (apps/distributed), the parent's end stops the pool too.
  stopWhenStdinEnds(() => onSignal("SIGTERM"));

  for (let index = 1; index <= options.count; index++) fork(index);
  logger.info({ event: "redirector.workers_started", workers: options.count }, "redirector workers started");
}
