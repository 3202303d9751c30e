import { ConfigError } from "@kurz/config";

export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * The body of every main.ts: start, then stop gracefully on SIGTERM / SIGINT. A configuration
 * error prints its readable message and exits 78 (EX_CONFIG) without a stack trace.
 */
export async function runMain(start: () => Promise<Stoppable>): Promise<void> {
  let running: Stoppable;
  try {
    running = await start();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    console.error(error);
    process.exit(1);
  }
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    // A second Ctrl-C means: stop now.
    if (signals > 1) process.exit(130);
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`shutdown after ${signal} failed`, error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
