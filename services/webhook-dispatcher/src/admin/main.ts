import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openGeoLocator } from "@kurz/click-enrichment";
import { systemClock } from "@kurz/clock";
import { isAppError } from "@kurz/errors";
import { createLogger } from "@kurz/logger";
import { createDatabase } from "@kurz/relational";
import { createShortHosts } from "@kurz/routes";
import { loadConfig, SERVICE_NAME } from "../config";
import * as schema from "../db/schema";
import type { WebhookDatabase } from "../db/webhook-database";
import { accountSubscriptions } from "../events/account-subscriptions";
import { createClickInterpreter } from "../events/create-click-interpreter";
import { replayDeadLetters } from "../events/dead-letters";
import { type AdminSession, runAdminCommand } from "./run-admin-command";

// `make start` keeps embedded data in the repository's .data; pnpm runs this from the service dir.
const REPOSITORY_DATA_DIR = fileURLToPath(new URL("../../../../.data", import.meta.url));
const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../drizzle", import.meta.url));

const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? REPOSITORY_DATA_DIR });
const logger = createLogger({ service: `${SERVICE_NAME}-admin`, level: "warn" });
const out = (line: string) => process.stdout.write(`${line}\n`);

/** Whether the embedded dispatcher runs (its HTTP port answers): its PGlite must not be opened twice. */
function isListening(port: number, host: string): Promise<boolean> {
  const target = host === "0.0.0.0" || host === "::" || host === "" ? "127.0.0.1" : host;
  return new Promise((resolve) => {
    const socket = net.connect({ host: target, port });
    socket.setTimeout(3_000, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function open(): Promise<AdminSession> {
  if (!config.DATABASE_URL && (await isListening(config.HTTP_PORT, config.HOST))) {
    throw new Error(
      `webhook-dispatcher is running embedded (port ${config.HTTP_PORT}) and holds its PGlite database: stop it (make start), then run this again`,
    );
  }
  const connection = await createDatabase({
    schema,
    logger,
    ...(config.DATABASE_URL
      ? { url: config.DATABASE_URL }
      : { dataDir: path.resolve(config.DATA_DIR, SERVICE_NAME, "pg") }),
  });
  await connection.migrate(MIGRATIONS_FOLDER);
  const db = connection.db as unknown as WebhookDatabase;
  const hosts = createShortHosts({
    shortHost: config.SHORT_HOST,
    subdomainHost: config.SUBDOMAIN_HOST,
    scheme: config.SHORT_URL_SCHEME,
  });
  return {
    ctx: {
      db,
      clock: systemClock,
      logger,
      subscriptions: accountSubscriptions(db, systemClock),
      // Deliveries queued here wait in the outbox: every running replica's worker polls for them.
      deliveriesQueued: () => undefined,
    },
    deps: {
      enrich: createClickInterpreter(await openGeoLocator(config.GEOIP_DATABASE_PATH)),
      shortUrl: (host, code) => hosts.shortUrl(host, code),
    },
    replay: replayDeadLetters,
    close: () => connection.close(),
  };
}

try {
  process.exitCode = await runAdminCommand(process.argv.slice(2), { out, open });
} catch (error) {
  process.stderr.write(`${isAppError(error) ? `${error.code}: ${error.message}` : String(error)}\n`);
  process.exitCode = 1;
}
