import net from "node:net";
import path from "node:path";
import { createCache } from "@kurz/cache";
import type { Logger } from "@kurz/logger";
import { createDatabase } from "@kurz/relational";
import { redisKeyPrefix } from "@kurz/service-runtime";
import { systemClock } from "../clock";
import type { AuthServerConfig } from "../config";
import { loadKeyEncryptionKey } from "../keys/load-key-encryption-key";
import { createSigningKeyStore } from "../keys/signing-key-store";
import { MIGRATIONS_FOLDER } from "../server";
import { type AdminOperations, createDatabaseAdminOperations } from "./admin-operations";
import { readAdminSecret } from "./admin-secret";
import { createGrpcAdminOperations } from "./grpc-admin-operations";

/** Where the local auth-server's gRPC port answers (a wildcard HOST is reached on loopback). */
export function adminAddress(config: Pick<AuthServerConfig, "HOST" | "GRPC_PORT">): string {
  const wildcard = config.HOST === "0.0.0.0" || config.HOST === "::" || config.HOST === "";
  const host = wildcard ? "127.0.0.1" : config.HOST;
  return host.includes(":") ? `[${host}]:${config.GRPC_PORT}` : `${host}:${config.GRPC_PORT}`;
}

/**
 * Whether something listens at `address`: true when a TCP connection opens, false when it is
 * refused. Anything else (timeout, unreachable host) throws: only "refused" proves that no server
 * holds the database, and opening an embedded database a running server holds would corrupt it.
 */
export function isListening(address: string, timeoutMs = 3000): Promise<boolean> {
  const match = /^\[?(.*?)\]?:(\d+)$/.exec(address);
  if (!match) return Promise.reject(new Error(`Not a host:port address: ${address}`));
  const [, host, port] = match;
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: host ?? "", port: Number(port) });
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`${address} did not answer within ${timeoutMs} ms`));
    });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      socket.destroy();
      if (error.code === "ECONNREFUSED") resolve(false);
      else reject(error);
    });
  });
}

/** Opens auth-server's database the way the server would, for when no server runs. */
async function openDatabaseOperations(
  config: AuthServerConfig,
  logger: Logger,
  service: string,
): Promise<AdminOperations> {
  const connection = await createDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL, logger }
      : { dataDir: path.resolve(config.DATA_DIR, service, "pg"), logger },
  );
  try {
    await connection.migrate(MIGRATIONS_FOLDER);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return createDatabaseAdminOperations({
    db: connection.db,
    clock: systemClock,
    rotateSigningKey: async (immediately) => {
      const cache = createCache(
        config.REDIS_URL ? { redisUrl: config.REDIS_URL, keyPrefix: redisKeyPrefix(config, service) } : {},
      );
      try {
        const store = createSigningKeyStore({
          db: connection.db,
          locks: cache.locks,
          keyEncryptionKey: await loadKeyEncryptionKey(config, logger, service),
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
    close: () => connection.close(),
  });
}

/**
 * The admin command's way to the data: the running auth-server when its gRPC port answers (so a
 * PGlite database need not be released, and the server sees the change at once), else the
 * database itself. `say` tells the operator which.
 */
export async function connectAdmin(
  config: AuthServerConfig,
  logger: Logger,
  service: string,
  say: (line: string) => void,
): Promise<AdminOperations> {
  const address = adminAddress(config);
  if (await isListening(address)) {
    say(`auth-server is running (${address}): asking it over gRPC (AdminService)`);
    return createGrpcAdminOperations(address, await readAdminSecret(config, service));
  }
  const where = config.DATABASE_URL
    ? "the database at DATABASE_URL"
    : path.resolve(config.DATA_DIR, service, "pg");
  say(`auth-server is not running (nothing listens on ${address}): opening ${where} directly`);
  return openDatabaseOperations(config, logger, service);
}
