import { generateKeyPairSync } from "node:crypto";
import { compactVerify, decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { signCompactJwt } from "../src/keys/sign-compact-jwt";

const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
const HEADER = { alg: "ES256", typ: "at+jwt", kid: "key-1" } as const;

describe("access tokens signed by node:crypto, verified by jose", () => {
  it("verifies as an RFC 9068 access token with its header and claims", async () => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const claims = {
      iss: "https://auth.kurz.example",
      sub: "b3a1f0e2-4c5d-4e6f-8a9b-0c1d2e3f4a5b",
      aud: "kurz-api",
      client_id: "kurz_client_abc",
      scope: "account:read shorturl:create",
      iat: nowSeconds,
      exp: nowSeconds + 3_600,
      jti: "5f0e7c4e-8b1d-4f43-9d3a-2b7e5c1a0f11",
    };
    const token = signCompactJwt(HEADER, claims, privateKey);
    expect(decodeProtectedHeader(token)).toEqual(HEADER);
    const verified = await jwtVerify(token, publicKey, {
      algorithms: ["ES256"],
      typ: "at+jwt",
      issuer: claims.iss,
      audience: "kurz-api",
    });
    expect(verified.payload).toEqual(claims);
  });

  it("round-trips claims of any text (unicode, quotes, control characters) and every signature differs", async () => {
    const samples = [
      "",
      "plain",
      'quote " and \\ backslash',
      "línea\nnueva\t",
      "emoji 🔗 and 中文",
      "\u0000\u001f",
    ];
    const signatures = new Set<string>();
    for (const text of samples) {
      const claims = { sub: text, scope: text, nested: { list: [text, 1, true, null] } };
      const token = signCompactJwt(HEADER, claims, privateKey);
      const { payload } = await compactVerify(token, publicKey, { algorithms: ["ES256"] });
      expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(claims);
      // ECDSA draws a fresh nonce: two signatures of the same claims differ, both verify.
      const again = signCompactJwt(HEADER, claims, privateKey);
      await compactVerify(again, publicKey, { algorithms: ["ES256"] });
      signatures.add(token.split(".")[2]!).add(again.split(".")[2]!);
    }
    expect(signatures.size).toBe(samples.length * 2);
  });

  it("is refused by a key it was not signed with", async () => {
    const other = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const token = signCompactJwt(HEADER, { sub: "x" }, privateKey);
    await expect(compactVerify(token, other.publicKey)).rejects.toThrow(/signature verification failed/);
  });

  it("signs nothing but ES256", () => {
    expect(() =>
      signCompactJwt({ ...HEADER, alg: "RS256" } as unknown as typeof HEADER, { sub: "x" }, privateKey),
    ).toThrow(/unsupported signing algorithm RS256/);
  });
});
