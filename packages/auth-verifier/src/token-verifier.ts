import { type Clock as KurzClock, systemClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from "jose";
import { LRUCache } from "lru-cache";
import type { RoleLookup } from "./membership-check";
import { notMemberRefusal } from "./role-refusal";
import type { Role } from "./roles";

/** A verified access token (RFC 9068 profile). */
export interface AccessToken {
  /**
   * The workspace the token acts in (every service's account_id): its `workspace_id` claim (the
   * one chosen at consent), else the person's own (`sub`); `authorize` replaces it with the one a
   * request names.
   */
  accountId: string;
  /** The person the token was granted by: the JWT `sub`. */
  userId: string;
  /** The person's role in the workspace, set by `authorize` (verify alone leaves it unset). */
  role?: Role;
  clientId: string;
  scopes: ReadonlySet<string>;
  jti: string;
  expiresAt: Date;
}

export interface TokenVerifierOptions {
  /** auth-server's JWKS, e.g. http://127.0.0.1:3001/.well-known/jwks.json (cluster-internal). */
  jwksUrl: string;
  /** Expected `iss`: the public base URL of Kurz. */
  issuer: string;
  /** Expected `aud`. */
  audience: string;
  /** Revocation by jti (RFC 7009 for access tokens): true → the token is refused. */
  isRevoked?: (jti: string) => Promise<boolean>;
  /** The person's role in a workspace, asked on every `authorize`. Default: ownWorkspaceOnly. */
  roleOf?: RoleLookup;
  clockToleranceSec?: number;
  /** Expiry is judged by this clock's wall time (tests move it past a token's `exp`). */
  clock?: Clock;
  /** For tests: a key set instead of fetching jwksUrl. */
  keySet?: JWTVerifyGetKey;
  /** Verified tokens remembered (until their expiry), so a client's repeated calls skip the signature check. */
  cacheSize?: number;
}

export interface TokenVerifier {
  /** Signature, claims, expiry and revocation. */
  verify(token: string): Promise<AccessToken>;
  /**
   * `verify`, then the workspace the request acts in — `workspace` (the `Kurz-Workspace` header)
   * when given, else the person's own — and the person's role there, asked afresh: FORBIDDEN when
   * the person is not a member (an unknown workspace answers the same).
   */
  authorize(token: string, workspace: string | undefined): Promise<AccessToken & { role: Role }>;
}

/**
 * The lookup of a verifier given none: a token acts only in its person's own workspace (the one
 * with their id), as its owner. For tests of one service without auth-server.
 */
export const ownWorkspaceOnly: RoleLookup = async (userId, workspaceId) =>
  userId.toLowerCase() === workspaceId.toLowerCase() ? "owner" : undefined;

const WORKSPACE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value can be a workspace (or person) id: a UUID. Anything else names nothing, and is
 * never sent on to a uuid column or another service.
 */
export function isWorkspaceId(value: string): boolean {
  return WORKSPACE_ID.test(value);
}

/** Only asymmetric algorithms: a token signed with a shared secret is never accepted. */
export const ALGORITHMS = ["ES256", "EdDSA", "RS256", "PS256"];

/** How auth-server's JWKS is fetched and cached by every verifier. */
export const JWKS_FETCH_OPTIONS = {
  // An unknown kid refetches at most every 30 s: rotation propagates, floods do not.
  cooldownDuration: 30_000,
  cacheMaxAge: 10 * 60_000,
  timeoutDuration: 3000,
};

/** Time as a verifier sees it: the wall clock of @kurz/clock's Clock (expiry, not-before). */
export type Clock = Pick<KurzClock, "now">;

function invalid(message: string, cause?: unknown): AppError {
  return new AppError("INVALID_TOKEN", { message, cause });
}

/**
 * Verifies bearer tokens locally: signature against auth-server's JWKS (fetched once, cached,
 * refetched when an unknown `kid` appears — that is how key rotation reaches every service),
 * `typ: at+jwt`, issuer, audience, expiry, and the claims every route relies on.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const clock: Clock = options.clock ?? systemClock;
  const toleranceMs = (options.clockToleranceSec ?? 5) * 1000;
  const keySet = options.keySet ?? createRemoteJWKSet(new URL(options.jwksUrl), JWKS_FETCH_OPTIONS);

  // Signature verification is most of the cost of a request (~140 µs, WebCrypto); a client
  // sends the same token for up to an hour. Revocation and expiry are still checked on every
  // call: the cache's TTL runs on the monotonic clock, so after a wall-clock step forward an
  // entry outlives its token's `exp` (a token expired by the wall clock was accepted for up to an
  // hour after a +1 h jump: tools/chaos, clock-jump-1h).
  const verified = new LRUCache<string, AccessToken>({ max: options.cacheSize ?? 10_000 });

  async function verifySignatureAndClaims(token: string): Promise<AccessToken> {
    let payload: Awaited<ReturnType<typeof jwtVerify>>["payload"];
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        audience: options.audience,
        typ: "at+jwt",
        algorithms: ALGORITHMS,
        currentDate: clock.now(),
        clockTolerance: options.clockToleranceSec ?? 5,
        requiredClaims: ["sub", "exp", "iat", "jti", "client_id", "scope"],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw invalid("The access token has expired", error);
      if (error instanceof joseErrors.JOSEError) throw invalid("The access token is invalid", error);
      // JWKS unreachable: our fault, not the caller's.
      throw new AppError("DEPENDENCY_UNAVAILABLE", { message: "Token keys unavailable", cause: error });
    }
    const { sub, jti, exp, client_id: clientId, scope } = payload;
    if (typeof sub !== "string" || typeof jti !== "string" || typeof clientId !== "string") {
      throw invalid("The access token is missing required claims");
    }
    if (typeof scope !== "string") throw invalid("The access token has no scope");
    const workspace = payload.workspace_id;
    if (workspace !== undefined && (typeof workspace !== "string" || !isWorkspaceId(workspace))) {
      throw invalid("The access token's workspace_id is not a workspace id");
    }
    const accessToken: AccessToken = {
      // The workspace chosen when the grant was made, else the person's own.
      accountId: (workspace ?? sub).toLowerCase(),
      userId: sub,
      clientId,
      scopes: new Set(scope.split(" ").filter(Boolean)),
      jti,
      expiresAt: new Date((exp ?? 0) * 1000),
    };
    const ttl = accessToken.expiresAt.getTime() - clock.now().getTime();
    if (ttl > 0) verified.set(token, accessToken, { ttl });
    return accessToken;
  }

  async function verify(token: string): Promise<AccessToken> {
    const cached = verified.get(token);
    if (cached && clock.now().getTime() > cached.expiresAt.getTime() + toleranceMs) {
      verified.delete(token);
      throw invalid("The access token has expired");
    }
    const accessToken = cached ?? (await verifySignatureAndClaims(token));
    if (options.isRevoked && (await options.isRevoked(accessToken.jti))) {
      throw invalid("The access token has been revoked");
    }
    return accessToken;
  }

  return {
    verify,
    async authorize(token, workspace) {
      const accessToken = await verify(token);
      if (workspace !== undefined && !isWorkspaceId(workspace)) {
        throw new AppError("VALIDATION_ERROR", { message: "Kurz-Workspace must be a workspace id (a UUID)" });
      }
      const workspaceId = workspace?.toLowerCase() ?? accessToken.accountId;
      const role = await (options.roleOf ?? ownWorkspaceOnly)(accessToken.userId, workspaceId);
      if (!role) {
        throw notMemberRefusal(workspaceId);
      }
      return { ...accessToken, accountId: workspaceId, role };
    },
  };
}
