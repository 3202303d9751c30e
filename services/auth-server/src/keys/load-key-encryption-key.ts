import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "@kurz/logger";
import type { AuthServerConfig } from "../config";

const FILE_NAME = "key-encryption-key";

function decodeKey(text: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64url");
  if (key.length !== 32) {
    throw new Error("KEY_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64/base64url");
  }
  return key;
}

/**
 * The master key that encrypts signing keys at rest. Configured (KEY_ENCRYPTION_KEY) whenever a
 * real database is used. Embedded runs without one get a generated key persisted beside their
 * data (and a warning): losing that file only means new signing keys, i.e. everyone logs in again.
 */
export async function loadKeyEncryptionKey(
  config: Pick<AuthServerConfig, "KEY_ENCRYPTION_KEY" | "DATABASE_URL" | "DATA_DIR">,
  logger: Logger,
  service: string,
): Promise<Buffer> {
  if (config.KEY_ENCRYPTION_KEY) return decodeKey(config.KEY_ENCRYPTION_KEY);
  if (config.DATABASE_URL) {
    throw new Error(
      "KEY_ENCRYPTION_KEY is required when DATABASE_URL is set (generate one: openssl rand -hex 32)",
    );
  }
  const dir = path.resolve(config.DATA_DIR, service);
  const file = path.join(dir, FILE_NAME);
  try {
    return decodeKey(await readFile(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dir, { recursive: true });
  const key = randomBytes(32);
  await writeFile(file, key.toString("hex"), { mode: 0o600, flag: "wx" });
  await chmod(file, 0o600);
  logger.warn(
    { event: "keys.kek_generated", file },
    "KEY_ENCRYPTION_KEY is not set: generated one for this embedded data directory; set it in production",
  );
  return key;
}
