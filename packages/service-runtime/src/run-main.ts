import { ConfigError } from "@kurz/config";
import { z } from "zod";
import { pendingShutdownSteps } from "./lifecycle";
import { stopWhenStdinEnds } from "./stop-when-stdin-ends";

export interface Stoppable {
  stop(): Promise<void>;
}

/** Exit code when the shutdown deadline passes with steps still running (EX_SOFTWARE). */
export const SHUTDOWN_DEADLINE_EXIT_CODE = 70;

const deadlineSchema = z.object({
  /**
   * The whole shutdown, all services of the process together, must end within this; then the
   * process exits 70 naming what did not stop. Under Kubernetes' default 30 s grace period.
   */
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
});

/** SHUTDOWN_DEADLINE_MS as runMain reads it (a pool's primary waits as long as its workers). */
export function shutdownDeadlineMs(env: Record<string, string | undefined> = process.env): number {
  return deadlineSchema.parse(env).SHUTDOWN_DEADLINE_MS;
}

/**
 * The body of every main.ts: start, then stop gracefully on SIGTERM / SIGINT, within one overall
 * deadline (SHUTDOWN_DEADLINE_MS, default 15 s): steps have their own time-outs, but those add up
 * in series across phases and services, and a person pressing Ctrl-C must not wait for the sum.
 * A configuration error prints its readable message and exits 78 (EX_CONFIG) without a stack trace.
 */
export async function runMain(
  start: () => Promise<Stoppable>,
  env: Record<string, string | undefined> = process.env,
  /** The signals that stop it; a worker of a pool leaves Ctrl-C (SIGINT) to its primary. */
  signals: NodeJS.Signals[] = ["SIGTERM", "SIGINT"],
): Promise<void> {
  let running: Stoppable;
  let deadlineMs: number;
  try {
    deadlineMs = shutdownDeadlineMs(env);
    running = await start();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    console.error(error);
    process.exit(1);
  }
  let received = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    received += 1;
    // A second Ctrl-C means: stop now.
    if (received > 1) process.exit(130);
    const deadline = setTimeout(() => {
      const pending = pendingShutdownSteps();
      console.error(
        JSON.stringify({
          level: 50,
          time: Date.now(),
          event: "service.shutdown_deadline_exceeded",
          deadlineMs,
          pending,
          msg: `shutdown did not finish within ${deadlineMs} ms; still stopping: ${pending.join(", ") || "(unknown)"}`,
        }),
      );
      process.exit(SHUTDOWN_DEADLINE_EXIT_CODE);
    }, deadlineMs);
    deadline.unref();
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`shutdown after ${signal} failed`, error);
        process.exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);
  stopWhenStdinEnds(() => onSignal("SIGTERM"), env);
}
