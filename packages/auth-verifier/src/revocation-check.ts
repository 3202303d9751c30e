import { AUTH_SERVER_AUDIENCE, type CallTokenSource, createGrpcClient } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";
import { LRUCache } from "lru-cache";

export interface RevocationCheckOptions {
  /** auth-server's gRPC address. */
  address: string;
  /** This service's tokens: auth-server's API answers authenticated services only. */
  tokens?: CallTokenSource;
  /** How long "not revoked" is believed: the longest a revoked token keeps working here. */
  notRevokedTtlMs?: number;
  /** Called when auth-server cannot answer (the check then fails open, see below). */
  onUnavailable?: (error: unknown) => void;
}

export interface RevocationCheck {
  isRevoked(jti: string): Promise<boolean>;
  close(): void;
}

/** An access token lives one hour; a revoked jti never needs remembering longer. */
const REVOKED_TTL_MS = 60 * 60_000;

/**
 * RFC 7009 for access tokens at a resource server: asks auth-server (AuthService.IsTokenRevoked)
 * once per token per `notRevokedTtlMs` (default 10 s), so a revocation takes effect everywhere
 * within that window at the cost of one small gRPC call per active token per window.
 *
 * When auth-server cannot answer, the check fails OPEN (the token's signature and expiry still
 * hold): an auth-server restart must not take every API down. The window is kept short (1 s) so
 * checking resumes as soon as it is back.
 */
export function createRevocationCheck(options: RevocationCheckOptions): RevocationCheck {
  const client = createGrpcClient(authV1.AuthService, options.address, {
    deadlineMs: 1000,
    ...(options.tokens ? { auth: { audience: AUTH_SERVER_AUDIENCE, tokens: options.tokens } } : {}),
  });
  const notRevokedTtlMs = options.notRevokedTtlMs ?? 10_000;
  const known = new LRUCache<string, boolean>({ max: 50_000 });
  const inFlight = new Map<string, Promise<boolean>>();

  async function ask(jti: string): Promise<boolean> {
    try {
      const { revoked } = await client.isTokenRevoked({ jti });
      known.set(jti, revoked, { ttl: revoked ? REVOKED_TTL_MS : notRevokedTtlMs });
      return revoked;
    } catch (error) {
      options.onUnavailable?.(error);
      known.set(jti, false, { ttl: 1000 });
      return false;
    } finally {
      inFlight.delete(jti);
    }
  }

  return {
    isRevoked(jti) {
      const cached = known.get(jti);
      if (cached !== undefined) return Promise.resolve(cached);
      // Concurrent requests with one token share one question.
      let pending = inFlight.get(jti);
      if (!pending) {
        pending = ask(jti);
        inFlight.set(jti, pending);
      }
      return pending;
    },
    close: () => client.close(),
  };
}
