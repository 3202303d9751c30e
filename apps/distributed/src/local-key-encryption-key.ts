import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The services that keep secrets they must read back (auth-server its signing keys,
 * webhook-dispatcher its endpoints' signing secrets) require KEY_ENCRYPTION_KEY whenever they run
 * on a real database. A local distributed run keeps one per service beside its data, so a restart
 * can decrypt what it stored in the (persistent) PostgreSQL database. Production sets it from a
 * secret.
 */
export async function localKeyEncryptionKey(dataDir: string, service: string): Promise<string> {
  const file = path.join(dataDir, service, "key-encryption-key");
  try {
    return (await readFile(file, "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString("hex");
  await writeFile(file, key, { mode: 0o600 });
  return key;
}
