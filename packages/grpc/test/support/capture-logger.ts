import { createLogger, type Logger } from "@kurz/logger";

export interface CapturedLogger {
  logger: Logger;
  lines: Array<Record<string, unknown>>;
  /** Resolves when a line with this `event` has been logged. */
  waitFor(event: string): Promise<Record<string, unknown>>;
}

/** A real pino logger writing into memory, so tests can assert on what was logged. */
export function captureLogger(): CapturedLogger {
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{ event: string; resolve: (line: Record<string, unknown>) => void }> = [];
  const logger = createLogger({
    service: "grpc-test",
    level: "debug",
    destination: {
      write(text: string) {
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        for (const waiter of waiters.filter((candidate) => candidate.event === line.event)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      },
    },
  });
  return {
    logger,
    lines,
    waitFor: (event) => {
      const seen = lines.find((line) => line.event === event);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ event, resolve }));
    },
  };
}
