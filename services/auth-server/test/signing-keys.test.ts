import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createLogger } from "@kurz/logger";
import { decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signingKeys } from "../src/db/schema";
import { loadKeyEncryptionKey } from "../src/keys/load-key-encryption-key";
import { openSecret } from "../src/keys/secret-box";
import { ACCESS_TOKEN_TTL_SEC } from "../src/oauth/token-lifetimes";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

const KEK = randomBytes(32);
let server: TestAuthServer;

beforeAll(async () => {
  server = await startTestAuthServer({
    KEY_ENCRYPTION_KEY: KEK.toString("base64url"),
    SIGNING_KEY_PUBLISH_LEAD_SEC: "300",
  });
});

afterAll(async () => {
  await server?.stop();
});

async function publishedKids(): Promise<string[]> {
  const jwks = (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as {
    keys: Array<{ kid: string }>;
  };
  return jwks.keys.map((key) => key.kid);
}

const sign = () =>
  server.server.ctx.signingKeys.signAccessToken({
    sub: "00000000-0000-4000-8000-000000000001",
    iss: server.url,
    aud: "kurz-api",
    exp: Math.floor(server.clock.now().getTime() / 1000) + ACCESS_TOKEN_TTL_SEC,
  });

describe("signing keys", () => {
  it("publishes only public EC keys and stores private keys encrypted with the master key", async () => {
    const jwks = (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as {
      keys: Record<string, string>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(jwks.keys[0]?.d).toBeUndefined();

    const [row] = await server.server.ctx.db.select().from(signingKeys);
    expect(row?.privateJwkEncrypted).toMatch(/^v1\./);
    expect(row?.privateJwkEncrypted).not.toContain('"d"');
    const privateJwk = JSON.parse(openSecret(KEK, row?.privateJwkEncrypted ?? "", row?.kid ?? "")) as {
      d?: string;
    };
    expect(privateJwk.d).toBeTruthy();
    expect(() => openSecret(randomBytes(32), row?.privateJwkEncrypted ?? "", row?.kid ?? "")).toThrow();
    expect(() => openSecret(KEK, row?.privateJwkEncrypted ?? "", "another-kid")).toThrow();
  });

  it("rotates with overlap: new key published first, old key kept until its last token expires", async () => {
    const [oldKid] = await publishedKids();
    const beforeRotation = await sign();
    const rotation = await server.server.ctx.signingKeys.rotate();
    expect(await publishedKids()).toEqual([oldKid, rotation.kid]);
    // Still inside the publish lead: the old key signs.
    expect(decodeProtectedHeader(await sign()).kid).toBe(oldKid);

    server.clock.advance(301_000);
    const afterActivation = await sign();
    expect(decodeProtectedHeader(afterActivation).kid).toBe(rotation.kid);
    expect(decodeProtectedHeader(afterActivation).typ).toBe("at+jwt");

    // Tokens of the old key keep verifying while they can live.
    await server.server.ctx.signingKeys.maintain();
    expect(await publishedKids()).toEqual([oldKid, rotation.kid]);
    await jwtVerify(beforeRotation, server.server.ctx.signingKeys.keySet, {
      currentDate: server.clock.now(),
    });

    // Once the last token the old key could have signed has expired, the key goes away.
    server.clock.advance((ACCESS_TOKEN_TTL_SEC + 6 * 60) * 1000);
    await server.server.ctx.signingKeys.maintain();
    expect(await publishedKids()).toEqual([rotation.kid]);
    expect(await server.server.ctx.db.select().from(signingKeys)).toHaveLength(1);
  });

  it("rotates on its own once the newest key reaches the rotation age", async () => {
    const [current] = await publishedKids();
    server.clock.advance(91 * 86_400_000);
    await server.server.ctx.signingKeys.maintain();
    const kids = await publishedKids();
    expect(kids).toHaveLength(2);
    expect(kids[0]).toBe(current);
  });
});

describe("a changed master key", () => {
  it("keeps the service working: undecryptable keys are skipped and a new key signs", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "kurz-kek-change-"));
    try {
      const first = await startTestAuthServer({
        DATA_DIR: dir,
        KEY_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      });
      const [oldKey] = await first.server.ctx.db.select().from(signingKeys);
      await first.stop();

      const second = await startTestAuthServer({
        DATA_DIR: dir,
        KEY_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      });
      try {
        const token = await second.server.ctx.signingKeys.signAccessToken({ sub: "someone" });
        expect(decodeProtectedHeader(token).kid).not.toBe(oldKey?.kid);
        const jwks = await second.server.ctx.signingKeys.jwks();
        expect(jwks.keys.map((key) => key.kid)).toContain(oldKey?.kid);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the key-encryption key", () => {
  const logger = createLogger({ service: "test", level: "silent" });

  it("is generated once for an embedded data directory and then reused", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "kurz-kek-"));
    try {
      const config = { DATA_DIR: dir, DATABASE_URL: undefined, KEY_ENCRYPTION_KEY: undefined };
      const first = await loadKeyEncryptionKey(config, logger, "auth-server");
      const second = await loadKeyEncryptionKey(config, logger, "auth-server");
      expect(first.equals(second)).toBe(true);
      const file = path.join(dir, "auth-server", "key-encryption-key");
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(Buffer.from(await readFile(file, "utf8"), "hex").equals(first)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("is required when a real database is configured", async () => {
    await expect(
      loadKeyEncryptionKey(
        { DATA_DIR: "/nonexistent", DATABASE_URL: "postgres://db/auth", KEY_ENCRYPTION_KEY: undefined },
        logger,
        "auth-server",
      ),
    ).rejects.toThrow(/KEY_ENCRYPTION_KEY is required/);
    await expect(
      loadKeyEncryptionKey(
        { DATA_DIR: "/nonexistent", DATABASE_URL: undefined, KEY_ENCRYPTION_KEY: "too-short" },
        logger,
        "auth-server",
      ),
    ).rejects.toThrow(/must be 32 bytes/);
  });
});
