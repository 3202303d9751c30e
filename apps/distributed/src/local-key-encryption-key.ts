import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * auth-server requires KEY_ENCRYPTION_KEY (it encrypts its signing keys) whenever it runs on a
 * real database. A local distributed run keeps one beside its data, so a restart can decrypt the
 * keys it stored in the (persistent) PostgreSQL database. Production sets it from a secret.
 */
export async function localKeyEncryptionKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "auth-server", "key-encryption-key");
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
