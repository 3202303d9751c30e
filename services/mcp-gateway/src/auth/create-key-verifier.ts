import type { Clock } from "@kurz/clock";
import type { GrpcClient } from "@kurz/grpc";
import type { authV1 } from "@kurz/proto";
import type { McpPrincipal } from "./mcp-principal";

export type KeyVerifier = (apiKey: string) => Promise<McpPrincipal>;

/** At most this many verified keys are remembered; the oldest go first. */
const MAX_CACHED = 10_000;

/**
 * Verifies keys with auth-server (`VerifyApiKey`: unknown or revoked key, no MCP permission, a
 * plan without MCP each come back as their own AppError) and remembers a verified key for
 * `ttlMs`, so a session's requests do not each cost a round trip while a revoked key stops
 * working within that time. Refusals are not cached: a fixed key works at once.
 */
export function createKeyVerifier(options: {
  authServer: Pick<GrpcClient<typeof authV1.AuthService.method>, "verifyApiKey">;
  clock: Clock;
  ttlMs: number;
}): KeyVerifier {
  const cache = new Map<string, { principal: McpPrincipal; expiresAtMs: number }>();
  return async (apiKey) => {
    const now = options.clock.now().getTime();
    const known = cache.get(apiKey);
    if (known !== undefined && known.expiresAtMs > now) return known.principal;
    cache.delete(apiKey);
    const answer = await options.authServer.verifyApiKey({ apiKey });
    const principal: McpPrincipal = {
      actor: { apiKey },
      keyId: answer.keyId,
      accountId: answer.account?.id ?? "",
      permissions: new Set(answer.permissions),
    };
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(apiKey, { principal, expiresAtMs: now + options.ttlMs });
    return principal;
  };
}
