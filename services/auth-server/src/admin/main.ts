import path from "node:path";
import { fileURLToPath } from "node:url";
import { createCache } from "@kurz/cache";
import { isAppError } from "@kurz/errors";
import { createLogger } from "@kurz/logger";
import { createDatabase } from "@kurz/relational";
import { systemClock } from "../clock";
import { loadConfig, SERVICE_NAME } from "../config";
import { loadKeyEncryptionKey } from "../keys/load-key-encryption-key";
import { createSigningKeyStore } from "../keys/signing-key-store";
import { MIGRATIONS_FOLDER } from "../server";
import { runAdminCommand } from "./run-admin-command";

// `make start` keeps embedded data in the repository's .data; pnpm runs this from the service dir.
const REPOSITORY_DATA_DIR = fileURLToPath(new URL("../../../../.data", import.meta.url));

const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? REPOSITORY_DATA_DIR });
const logger = createLogger({ service: `${SERVICE_NAME}-admin`, level: "warn" });
const connection = await createDatabase(
  config.DATABASE_URL
    ? { url: config.DATABASE_URL, logger }
    : { dataDir: path.resolve(config.DATA_DIR, SERVICE_NAME, "pg"), logger },
);
let code = 1;
try {
  await connection.migrate(MIGRATIONS_FOLDER);
  code = await runAdminCommand(process.argv.slice(2), {
    db: connection.db,
    now: () => new Date(),
    out: (line) => process.stdout.write(`${line}\n`),
    rotateSigningKey: async (immediately) => {
      const cache = createCache(
        config.REDIS_URL ? { redisUrl: config.REDIS_URL, keyPrefix: `kurz:${SERVICE_NAME}:` } : {},
      );
      try {
        const store = createSigningKeyStore({
          db: connection.db,
          locks: cache.locks,
          keyEncryptionKey: await loadKeyEncryptionKey(config, logger, SERVICE_NAME),
          clock: systemClock,
          logger,
          rotationDays: config.SIGNING_KEY_ROTATION_DAYS,
          publishLeadSec: config.SIGNING_KEY_PUBLISH_LEAD_SEC,
        });
        return await store.rotate({ immediately });
      } finally {
        await cache.close();
      }
    },
  });
} catch (error) {
  process.stderr.write(`${isAppError(error) ? error.message : String(error)}\n`);
} finally {
  await connection.close();
}
process.exitCode = code;
