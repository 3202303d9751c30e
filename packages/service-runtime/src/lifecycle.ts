import type { Logger } from "@kurz/logger";

/**
 * Shutdown happens in phases, in this order:
 *   servers   - stop accepting, let in-flight HTTP requests and gRPC calls finish
 *   consumers - stop consuming, finish the message in hand, commit
 *   producers - flush buffered events
 *   clients   - close database, cache, broker and click-store connections
 * Within a phase, steps run concurrently. A step that fails or times out is logged and the
 * shutdown continues: one stuck client must not keep the others open.
 */
export type ShutdownPhase = "servers" | "consumers" | "producers" | "clients";

const PHASES: readonly ShutdownPhase[] = ["servers", "consumers", "producers", "clients"];

/**
 * Steps of this process still running, named "<service>/<phase>:<step>". Process-wide because
 * the embedded run stops eight services' lifecycles under one deadline (runMain), and the log
 * line at that deadline must name what did not stop, whichever service it belongs to.
 */
const runningSteps = new Set<string>();

/** What is still stopping in this process, for the shutdown-deadline log line. */
export function pendingShutdownSteps(): string[] {
  return [...runningSteps];
}

interface Step {
  name: string;
  phase: ShutdownPhase;
  run: () => Promise<void>;
}

export class Lifecycle {
  private readonly steps: Step[] = [];
  private stopping: Promise<void> | undefined;
  private readonly beforeStop: Array<() => void> = [];

  constructor(
    private readonly logger: Logger,
    private readonly stepTimeoutMs = 10_000,
    /** Names this lifecycle's steps in pendingShutdownSteps(). */
    private readonly owner = "service",
  ) {}

  /** Runs synchronously at the very start of stop(), e.g. to fail readiness. */
  onStopRequested(fn: () => void): void {
    this.beforeStop.push(fn);
  }

  add(phase: ShutdownPhase, name: string, run: () => Promise<void>): void {
    this.steps.push({ phase, name, run });
  }

  /** Idempotent: a second SIGTERM waits for the shutdown already under way. */
  stop(): Promise<void> {
    this.stopping ??= this.runStop();
    return this.stopping;
  }

  private async runStop(): Promise<void> {
    for (const fn of this.beforeStop) fn();
    for (const phase of PHASES) {
      const steps = this.steps.filter((s) => s.phase === phase);
      await Promise.all(steps.map((step) => this.runStep(step)));
    }
  }

  private async runStep(step: Step): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const label = `${this.owner}/${step.phase}:${step.name}`;
    runningSteps.add(label);
    try {
      await Promise.race([
        step.run(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`timed out after ${this.stepTimeoutMs} ms`)),
            this.stepTimeoutMs,
          );
          timer.unref();
        }),
      ]);
    } catch (err) {
      this.logger.error({ event: "service.shutdown_step_failed", step: step.name, phase: step.phase, err });
    } finally {
      clearTimeout(timer);
      runningSteps.delete(label);
    }
  }
}
