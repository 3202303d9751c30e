import { systemClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import { type CallAuthenticator, CallCredentialKey, type CallPrincipal } from "@kurz/grpc";
import {
  createRemoteJWKSet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from "jose";
import { LRUCache } from "lru-cache";
import type { RoleLookup } from "./membership-check";
import { notMemberRefusal } from "./role-refusal";
import { roleAllowsScope } from "./roles";
import { isScope } from "./scopes";
import { ALGORITHMS, type Clock, JWKS_FETCH_OPTIONS, ownWorkspaceOnly } from "./token-verifier";

export interface CallAuthenticatorOptions {
  /** This service's name: the audience of the service and internal tokens it accepts. */
  service: string;
  /** Expected `iss`: the public base URL of Kurz. */
  issuer: string;
  /**
   * The REST API's audience, carried by end users' access tokens a caller forwards. Omitted:
   * forwarded user tokens are refused (auth-server's own API serves services only).
   */
  apiAudience?: string;
  /** auth-server's JWKS; or `keySet` (auth-server verifies with its own keys). */
  jwksUrl?: string;
  keySet?: JWTVerifyGetKey;
  /** Revocation of forwarded user access tokens by jti (internal tokens are short-lived instead). */
  isRevoked?: (jti: string) => Promise<boolean>;
  /**
   * The person's role in the workspace a forwarded user token acts in (their own), asked on every
   * call: the token's scopes are narrowed to what the role allows, and a person who is no longer
   * a member is refused (FORBIDDEN). Default: ownWorkspaceOnly.
   */
  roleOf?: RoleLookup;
  /** Expiry is judged by this clock (tests move it past a token's `exp`). */
  clock?: Clock;
  clockToleranceSec?: number;
  cacheSize?: number;
}

interface VerifiedToken {
  payload: JWTPayload & { client_id?: unknown; scope?: unknown; act?: unknown };
  audiences: readonly string[];
  expiresAtMs: number;
}

type Metadata = Parameters<CallAuthenticator>[0];

const refused = (message: string, cause?: unknown) =>
  new AppError("AUTHENTICATION_REQUIRED", { message, cause });

function bearerOf(metadata: Metadata, key: string): string | undefined {
  const values = metadata.get(key);
  if (values.length === 0) return undefined;
  const value = values.length === 1 ? values[0] : undefined;
  const match = typeof value === "string" ? /^Bearer ([\w\-.~+/]+=*)$/i.exec(value) : null;
  if (!match?.[1]) throw refused(`Malformed ${key} metadata: expected "Bearer <token>"`);
  return match[1];
}

function scopesOf(payload: VerifiedToken["payload"]): ReadonlySet<string> {
  return new Set(typeof payload.scope === "string" ? payload.scope.split(" ").filter(Boolean) : []);
}

function remoteKeySet(jwksUrl: string | undefined): JWTVerifyGetKey {
  if (!jwksUrl) throw new Error("createCallAuthenticator needs jwksUrl or keySet");
  return createRemoteJWKSet(new URL(jwksUrl), JWKS_FETCH_OPTIONS);
}

/** RFC 8693 §4.1: the acting party. */
function actorOf(payload: VerifiedToken["payload"]): string | undefined {
  const act = payload.act;
  if (act === undefined) return undefined;
  const sub = typeof act === "object" && act !== null ? (act as { sub?: unknown }).sub : undefined;
  if (typeof sub !== "string" || sub === "") throw refused("The token's act claim names no service");
  return sub;
}

/**
 * The callee's side of "calls carry proof, not a claim"
 * (docs/architecture.md#service-to-service-calls): verifies a gRPC call's token(s) locally against
 * auth-server's JWKS and says who calls. The checks, in order:
 *
 * 1. `authorization: Bearer <token>` is present (no token → AUTHENTICATION_REQUIRED; metadata
 *    such as `x-kurz-account-id` is never read);
 * 2. signature (asymmetric algorithms only), `iss`, `typ: at+jwt`, expiry by the injected clock
 *    (bad or expired → AUTHENTICATION_REQUIRED), and `aud` — this service, or the REST API's for a
 *    forwarded user token (a genuine token for another service → FORBIDDEN);
 * 3. the token's kind:
 *    - service token (aud = this service, `sub` = `client_id` = the calling service, no `act`);
 *    - internal account token (aud = this service, `sub` = the account, `act.sub` = the service);
 *    - forwarded user access token (aud = the API): not revoked, and accompanied by the
 *      forwarding service's own token in `kurz-service-authorization` (checked as above) —
 *      a user's token alone does not say which service is calling; it acts in the person's own
 *      workspace, with its scopes narrowed to the person's role there (asked on every call).
 *
 * Which principals a method admits (a service, or an account with a scope) is the server's
 * per-method access table, checked after this (@kurz/grpc `authorizeCall`).
 */
export function createCallAuthenticator(options: CallAuthenticatorOptions): CallAuthenticator {
  const clock: Clock = options.clock ?? systemClock;
  const keySet = options.keySet ?? remoteKeySet(options.jwksUrl);
  const ownAudience = [options.service];
  const anyAudience = options.apiAudience ? [options.service, options.apiAudience] : ownAudience;
  // A caller sends the same token for minutes: the signature is checked once, expiry every time.
  const verified = new LRUCache<string, VerifiedToken>({ max: options.cacheSize ?? 10_000 });

  async function verify(token: string, audiences: string[]): Promise<VerifiedToken> {
    const cached = verified.get(token);
    const nowMs = clock.now().getTime();
    const toleranceMs = (options.clockToleranceSec ?? 5) * 1000;
    if (cached?.audiences.some((aud) => audiences.includes(aud))) {
      if (nowMs > cached.expiresAtMs + toleranceMs) throw refused("The token has expired");
      return cached;
    }
    let payload: VerifiedToken["payload"];
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        audience: audiences,
        typ: "at+jwt",
        algorithms: ALGORITHMS,
        currentDate: new Date(nowMs),
        clockTolerance: options.clockToleranceSec ?? 5,
        requiredClaims: ["sub", "exp", "jti", "client_id"],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === "aud") {
        throw new AppError("FORBIDDEN", { message: "The token is meant for another service", cause: error });
      }
      if (error instanceof joseErrors.JWTExpired) throw refused("The token has expired", error);
      if (error instanceof joseErrors.JOSEError) throw refused("The token is invalid", error);
      throw new AppError("DEPENDENCY_UNAVAILABLE", { message: "Token keys unavailable", cause: error });
    }
    if (typeof payload.sub !== "string" || typeof payload.client_id !== "string") {
      throw refused("The token is missing required claims");
    }
    const aud = payload.aud;
    const entry: VerifiedToken = {
      payload,
      audiences: Array.isArray(aud) ? aud : typeof aud === "string" ? [aud] : [],
      expiresAtMs: (payload.exp ?? 0) * 1000,
    };
    verified.set(token, entry);
    return entry;
  }

  /** The calling service from a service token (aud = this service, no `act`). */
  async function serviceOf(token: string): Promise<string> {
    const { payload } = await verify(token, ownAudience);
    if (actorOf(payload) !== undefined || payload.sub !== payload.client_id) {
      throw refused("kurz-service-authorization must carry a service token");
    }
    return payload.sub as string;
  }

  return async function authenticate(metadata): Promise<CallPrincipal> {
    const token = bearerOf(metadata, CallCredentialKey.authorization);
    if (!token) {
      throw refused(
        "A gRPC call needs authorization: Bearer <token>; an account id in metadata proves nothing",
      );
    }
    const { payload, audiences } = await verify(token, anyAudience);
    const accountOrService = payload.sub as string;

    if (audiences.includes(options.service)) {
      const actor = actorOf(payload);
      if (actor === undefined) {
        if (accountOrService !== payload.client_id)
          throw refused("A service token's subject must be its client");
        return { service: accountOrService, accountId: undefined, scopes: new Set() };
      }
      if (actor !== payload.client_id) throw refused("The token's act and client_id name different services");
      // An API key's exchange names the key (`key_id`): the actor of what the call changes.
      const keyId = (payload as { key_id?: unknown }).key_id;
      return {
        service: actor,
        accountId: accountOrService,
        scopes: scopesOf(payload),
        ...(typeof keyId === "string" ? { actor: { type: "api_key" as const, id: keyId } } : {}),
      };
    }

    // A forwarded end-user access token (aud = the REST API).
    if (actorOf(payload) !== undefined || typeof payload.scope !== "string") {
      throw refused("The forwarded access token is not an end user's token");
    }
    if (options.isRevoked && (await options.isRevoked(payload.jti as string))) {
      throw refused("The access token has been revoked");
    }
    const serviceToken = bearerOf(metadata, CallCredentialKey.serviceAuthorization);
    if (!serviceToken) {
      throw refused(
        `A forwarded access token needs the forwarding service's token in ${CallCredentialKey.serviceAuthorization}`,
      );
    }
    const service = await serviceOf(serviceToken);
    // The workspace chosen when the grant was made (`workspace_id`), else the person's own.
    const claimed = (payload as { workspace_id?: unknown }).workspace_id;
    const workspace = (typeof claimed === "string" ? claimed : accountOrService).toLowerCase();
    const role = await (options.roleOf ?? ownWorkspaceOnly)(accountOrService, workspace);
    if (!role) throw notMemberRefusal(workspace);
    const scopes = new Set(
      [...scopesOf(payload)].filter((scope) => isScope(scope) && roleAllowsScope(role, scope)),
    );
    const clientId = typeof payload.client_id === "string" ? payload.client_id : undefined;
    return {
      service,
      accountId: workspace,
      scopes,
      actor: { type: "person", id: accountOrService, ...(clientId ? { clientId } : {}) },
    };
  };
}
