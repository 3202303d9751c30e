import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { ConfigError } from "@kurz/config";
import { createLogger } from "@kurz/logger";
import { runMain, shutdownDeadlineMs } from "@kurz/service-runtime";
import { runWorkerPool } from "./cluster/run-worker-pool";
import { workerCount } from "./cluster/worker-count";
import { loadConfig, SERVICE_NAME } from "./config";
import { startRedirector } from "./server";

if (cluster.isWorker) {
  // A worker is stopped by its primary (SIGTERM), which also hears the terminal's Ctrl-C; and it
  // stops when its primary is gone.
  process.on("SIGINT", () => {});
  process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
  await runMain(() => startRedirector(loadConfig()), process.env, ["SIGTERM"]);
} else {
  let count = 1;
  let config: ReturnType<typeof loadConfig> | undefined;
  try {
    config = loadConfig();
    count = workerCount(config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78);
  }
  if (count === 1) {
    await runMain(() => startRedirector(config));
  } else {
    runWorkerPool({
      count,
      // Cookies signed by one worker are read by another: without a configured secret, one
      // random key for all of them (as one process would have).
      env: config.PASSWORD_COOKIE_SECRET ? {} : { PASSWORD_COOKIE_SECRET: randomBytes(32).toString("hex") },
      logger: createLogger({ service: SERVICE_NAME, level: config.LOG_LEVEL }),
      shutdownDeadlineMs: shutdownDeadlineMs(),
    });
  }
}
