import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "@kurz/logger";
import type { AuthServerConfig } from "../config";

/** The gRPC metadata key an AdminService call carries its secret in. */
export const ADMIN_SECRET_METADATA_KEY = "x-kurz-admin-secret";

const FILE_NAME = "admin-secret";

type SecretConfig = Pick<AuthServerConfig, "ADMIN_SECRET" | "DATABASE_URL" | "DATA_DIR">;

/** Where an embedded auth-server keeps its generated admin secret. */
export function adminSecretFile(config: Pick<AuthServerConfig, "DATA_DIR">, service: string): string {
  return path.resolve(config.DATA_DIR, service, FILE_NAME);
}

/**
 * The secret the running server accepts on AdminService: ADMIN_SECRET when set; else, embedded
 * (no DATABASE_URL), a random one generated into the data directory at first start, readable by
 * its owner only (0600) — whoever may read the data directory may change it directly anyway.
 * Distributed without ADMIN_SECRET: undefined, and every admin call is refused.
 */
export async function loadAdminSecret(
  config: SecretConfig,
  logger: Logger,
  service: string,
): Promise<string | undefined> {
  if (config.ADMIN_SECRET) return config.ADMIN_SECRET;
  if (config.DATABASE_URL) {
    logger.info(
      { event: "admin.secret_unset" },
      "ADMIN_SECRET is not set: AdminService refuses every call (the admin command then needs DATABASE_URL)",
    );
    return undefined;
  }
  const file = adminSecretFile(config, service);
  const existing = await readSecretFile(file);
  if (existing) return existing;
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process of the same data directory wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return (await readSecretFile(file)) ?? secret;
    throw error;
  }
  await chmod(file, 0o600);
  logger.info({ event: "admin.secret_generated", file }, "admin secret generated for the admin command");
  return secret;
}

/** The admin command's side: ADMIN_SECRET, else the embedded server's file; never creates one. */
export async function readAdminSecret(config: SecretConfig, service: string): Promise<string | undefined> {
  if (config.ADMIN_SECRET) return config.ADMIN_SECRET;
  return readSecretFile(adminSecretFile(config, service));
}

async function readSecretFile(file: string): Promise<string | undefined> {
  try {
    const text = (await readFile(file, "utf8")).trim();
    return text === "" ? undefined : text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Whether `presented` is the admin secret, in time independent of where they differ: both are
 * hashed first, so neither their content nor their lengths leak through timing.
 */
export function adminSecretMatches(expected: string | undefined, presented: string | undefined): boolean {
  if (expected === undefined || presented === undefined || presented === "") return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(expected), digest(presented));
}
