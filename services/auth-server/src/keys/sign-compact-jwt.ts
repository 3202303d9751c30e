import { type KeyObject, sign } from "node:crypto";
import type { JWTPayload } from "jose";

export interface CompactJwtHeader {
  alg: "ES256";
  typ: string;
  kid: string;
}

/**
 * A JWT in JWS compact serialization (RFC 7515 §7.1), ES256 (RFC 7518 §3.4: ECDSA P-256 with
 * SHA-256, the signature as R ‖ S, 64 bytes), signed synchronously by node:crypto. jose's SignJWT
 * signs through WebCrypto, where every signature is a job on libuv's thread pool awaited through
 * promises: at the token endpoint under load that hop cost more than the signature itself (jose
 * 15 % of the refresh grant's CPU, the WebCrypto job machinery 6 % of it; a lone signature ~200 µs
 * through jose against ~140 µs here on the same machine). Verifiers keep using jose; the tests
 * verify what this signs with jose (test/sign-compact-jwt.test.ts).
 */
export function signCompactJwt(header: CompactJwtHeader, claims: JWTPayload, key: KeyObject): string {
  if (header.alg !== "ES256") throw new Error(`unsupported signing algorithm ${String(header.alg)}`);
  const input = `${base64url(header)}.${base64url(claims)}`;
  const signature = sign("sha256", Buffer.from(input, "utf8"), { key, dsaEncoding: "ieee-p1363" });
  return `${input}.${signature.toString("base64url")}`;
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}
