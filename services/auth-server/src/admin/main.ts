import { fileURLToPath } from "node:url";
import { isAppError } from "@kurz/errors";
import { createLogger } from "@kurz/logger";
import { loadConfig, SERVICE_NAME } from "../config";
import { connectAdmin } from "./connect-admin";
import { runAdminCommand } from "./run-admin-command";

// `make start` keeps embedded data in the repository's .data; pnpm runs this from the service dir.
const REPOSITORY_DATA_DIR = fileURLToPath(new URL("../../../../.data", import.meta.url));

const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? REPOSITORY_DATA_DIR });
const logger = createLogger({ service: `${SERVICE_NAME}-admin`, level: "warn" });
const out = (line: string) => process.stdout.write(`${line}\n`);

try {
  process.exitCode = await runAdminCommand(process.argv.slice(2), {
    out,
    connect: () => connectAdmin(config, logger, SERVICE_NAME, out),
  });
} catch (error) {
  process.stderr.write(`${isAppError(error) ? `${error.code}: ${error.message}` : String(error)}\n`);
  process.exitCode = 1;
}
