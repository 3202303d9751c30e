import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "@kurz/logger";
import type { WebhookDispatcherConfig } from "../config";
import { parseSecretBoxKey } from "./parse-secret-box-key";

const FILE_NAME = "secret-box-key";

type KeyConfig = Pick<WebhookDispatcherConfig, "KEY_ENCRYPTION_KEY" | "DATABASE_URL" | "DATA_DIR">;

/**
 * The key sealing endpoint secrets: KEY_ENCRYPTION_KEY when set. Distributed (DATABASE_URL)
 * without it the service refuses to start — a key made up per replica would leave every other
 * replica unable to sign. Embedded: a random key generated into the data directory at first
 * start (0600), beside the database it protects.
 */
export async function loadSecretBoxKey(config: KeyConfig, logger: Logger, service: string): Promise<Buffer> {
  if (config.KEY_ENCRYPTION_KEY) return parseSecretBoxKey(config.KEY_ENCRYPTION_KEY);
  if (config.DATABASE_URL) {
    throw new Error(
      "KEY_ENCRYPTION_KEY is required with DATABASE_URL (every replica seals and opens endpoint secrets with it); generate one with: openssl rand -hex 32",
    );
  }
  const file = path.resolve(config.DATA_DIR, service, FILE_NAME);
  const existing = await readKeyFile(file);
  if (existing) return parseSecretBoxKey(existing);
  await mkdir(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString("hex");
  try {
    await writeFile(file, `${key}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process of the same data directory wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      return parseSecretBoxKey((await readKeyFile(file)) ?? key);
    throw error;
  }
  await chmod(file, 0o600);
  logger.info({ event: "webhook.secret_key_generated", file }, "webhook secret key generated");
  return parseSecretBoxKey(key);
}

async function readKeyFile(file: string): Promise<string | undefined> {
  try {
    const text = (await readFile(file, "utf8")).trim();
    return text === "" ? undefined : text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
