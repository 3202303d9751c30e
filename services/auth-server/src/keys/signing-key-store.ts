import { createPrivateKey, type JsonWebKey, type KeyObject } from "node:crypto";
import type { Locks } from "@kurz/cache";
import type { Logger } from "@kurz/logger";
import type { Database } from "@kurz/relational";
import { asc, inArray } from "drizzle-orm";
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from "jose";
import type { Clock } from "../clock";
import { type SigningKeyRow, signingKeys } from "../db/schema";
import { ACCESS_TOKEN_TTL_SEC } from "../oauth/token-lifetimes";
import { openSecret, sealSecret } from "./secret-box";
import { signCompactJwt } from "./sign-compact-jwt";

const ALG = "ES256" as const;
/** How long a loaded key list is trusted before re-reading it (other replicas may rotate). */
const RELOAD_AFTER_MS = 60_000;
/** Verifiers' clocks and caches lag: keep a retired key published a little past its last token. */
const RETIRE_MARGIN_MS = 5 * 60_000;

export interface SigningKeyStoreOptions {
  db: Database;
  locks: Locks;
  keyEncryptionKey: Buffer;
  clock: Clock;
  logger: Logger;
  /** Automatic rotation age in days; 0 turns it off. */
  rotationDays: number;
  /** How long a new key is published before it signs, so every verifier has it first. */
  publishLeadSec: number;
}

export interface RotationResult {
  kid: string;
  activatesAt: Date;
}

export interface SigningKeyStore {
  /** Signs an access token with the active key (RFC 9068 header `typ: at+jwt`). */
  signAccessToken(claims: JWTPayload): Promise<string>;
  /** The public keys verifiers must know: pending, active, and retired ones whose tokens live on. */
  jwks(): Promise<{ keys: JWK[] }>;
  /** Local verification key set (auth-server's own routes and the revocation endpoint). */
  keySet: JWTVerifyGetKey;
  /** Creates a key that signs at once when none does. Called at start. */
  ensureKey(): Promise<void>;
  /** Adds a key that starts signing after the publish lead (or at once). */
  rotate(options?: { immediately?: boolean }): Promise<RotationResult>;
  /** Rotates when the newest key is older than the rotation age; deletes keys nobody needs. */
  maintain(): Promise<void>;
}

interface LoadedKeys {
  rows: SigningKeyRow[];
  loadedAt: number;
}

/**
 * Which keys to publish: a key stops signing when its successor activates; tokens it signed
 * live ACCESS_TOKEN_TTL_SEC more, so it stays published that long (plus a margin).
 */
function publishedRows(rows: SigningKeyRow[], now: Date): SigningKeyRow[] {
  return rows.filter((row, index) => {
    const successor = rows.slice(index + 1).find((next) => next.activatesAt > row.activatesAt);
    if (!successor || successor.activatesAt > now) return true;
    return now.getTime() < successor.activatesAt.getTime() + ACCESS_TOKEN_TTL_SEC * 1000 + RETIRE_MARGIN_MS;
  });
}

/**
 * Asymmetric (ES256) signing keys: private halves encrypted at rest with the key-encryption key,
 * public halves published in the JWKS, rotated with overlap (a new key is published before it
 * signs; an old one stays published until the last token it signed has expired).
 */
export function createSigningKeyStore(options: SigningKeyStoreOptions): SigningKeyStore {
  const { db, clock, logger } = options;
  let loaded: LoadedKeys | undefined;
  const privateKeys = new Map<string, Promise<KeyObject>>();

  let loading: Promise<SigningKeyRow[]> | undefined;
  /**
   * The key list, re-read when older than RELOAD_AFTER_MS by the injected clock (tests cross
   * the boundary). Concurrent callers share one read. Never call this inside a transaction:
   * it reads through the root handle.
   */
  const load = async (force = false): Promise<SigningKeyRow[]> => {
    const now = clock.now().getTime();
    if (!force && loaded && now - loaded.loadedAt < RELOAD_AFTER_MS) return loaded.rows;
    if (!loading) {
      loading = db
        .select()
        .from(signingKeys)
        .orderBy(asc(signingKeys.activatesAt), asc(signingKeys.createdAt))
        .then((rows) => {
          loaded = { rows, loadedAt: clock.now().getTime() };
          return rows;
        })
        .finally(() => {
          loading = undefined;
        });
    }
    return loading;
  };

  const privateKeyOf = (row: SigningKeyRow) => {
    let key = privateKeys.get(row.kid);
    if (!key) {
      key = Promise.resolve().then(() => {
        const jwk = JSON.parse(openSecret(options.keyEncryptionKey, row.privateJwkEncrypted, row.kid)) as JWK;
        // A node:crypto key: access tokens are signed synchronously (sign-compact-jwt.ts).
        return createPrivateKey({ key: jwk as JsonWebKey, format: "jwk" });
      });
      privateKeys.set(row.kid, key);
    }
    return key;
  };

  const undecryptable = new Set<string>();
  /**
   * The key that signs at `now`: the newest activated one this process can decrypt. A key
   * sealed with another master key (KEY_ENCRYPTION_KEY changed, or a lost embedded key file) is
   * skipped, loudly: its public half stays published until retired, and start-up adds a key.
   */
  const activeKey = async (rows: SigningKeyRow[], now: Date) => {
    const activated = rows.filter((row) => row.activatesAt <= now).reverse();
    for (const row of activated) {
      if (undecryptable.has(row.kid)) continue;
      try {
        return { row, key: await privateKeyOf(row) };
      } catch (error) {
        undecryptable.add(row.kid);
        privateKeys.delete(row.kid);
        logger.error(
          { event: "keys.signing_key_undecryptable", kid: row.kid, err: error },
          "signing key cannot be decrypted with this KEY_ENCRYPTION_KEY; skipping it",
        );
      }
    }
    return undefined;
  };

  const insertKey = async (activatesAt: Date): Promise<RotationResult> => {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    const privateJwk = await exportJWK(privateKey);
    await db.insert(signingKeys).values({
      kid,
      alg: ALG,
      publicJwk: { ...publicJwk, kid, alg: ALG, use: "sig" },
      privateJwkEncrypted: sealSecret(options.keyEncryptionKey, JSON.stringify(privateJwk), kid),
      createdAt: clock.now(),
      activatesAt,
    });
    await load(true);
    logger.info({ event: "keys.signing_key_created", kid, activatesAt }, "signing key created");
    return { kid, activatesAt };
  };

  const jwks = async () => {
    const rows = publishedRows(await load(), clock.now());
    return { keys: rows.map((row) => row.publicJwk as JWK) };
  };

  // Local verification must see a key the moment this replica (or another) creates it.
  const keySet: JWTVerifyGetKey = async (header, token) => {
    const rows = await load();
    if (header.kid && !rows.some((row) => row.kid === header.kid)) await load(true);
    return createLocalJWKSet(await jwks())(header, token);
  };

  return {
    keySet,
    jwks,

    async signAccessToken(claims) {
      const now = clock.now();
      const active = (await activeKey(await load(), now)) ?? (await activeKey(await load(true), now));
      if (!active) throw new Error("no usable signing key");
      if (active.row.alg !== ALG)
        throw new Error(`signing key ${active.row.kid} is ${active.row.alg}, not ${ALG}`);
      return signCompactJwt({ alg: ALG, typ: "at+jwt", kid: active.row.kid }, claims, active.key);
    },

    async ensureKey() {
      await options.locks.withLock(
        "signing-keys",
        30_000,
        async () => {
          // A pending key (published, not yet signing) does not count: something must sign now.
          if (!(await activeKey(await load(true), clock.now()))) await insertKey(clock.now());
        },
        { waitMs: 10_000 },
      );
    },

    rotate({ immediately = false } = {}) {
      const activatesAt = new Date(clock.now().getTime() + (immediately ? 0 : options.publishLeadSec * 1000));
      return options.locks.withLock("signing-keys", 30_000, () => insertKey(activatesAt), { waitMs: 10_000 });
    },

    async maintain() {
      await options.locks.withLock("signing-keys", 30_000, async () => {
        const now = clock.now();
        const rows = await load(true);
        const newest = rows.at(-1);
        const maxAgeMs = options.rotationDays * 86_400_000;
        if (newest && maxAgeMs > 0 && now.getTime() - newest.createdAt.getTime() >= maxAgeMs) {
          await insertKey(new Date(now.getTime() + options.publishLeadSec * 1000));
        }
        const keep = new Set(publishedRows(await load(true), now).map((row) => row.kid));
        const stale = rows.filter((row) => !keep.has(row.kid)).map((row) => row.kid);
        if (stale.length > 0) {
          await db.delete(signingKeys).where(inArray(signingKeys.kid, stale));
          for (const kid of stale) privateKeys.delete(kid);
          await load(true);
          logger.info({ event: "keys.signing_keys_retired", kids: stale }, "retired signing keys deleted");
        }
      });
    },
  };
}
