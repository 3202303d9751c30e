import type { GenServiceMethods } from "@bufbuild/protobuf/codegenv2";
import type { Metadata } from "@grpc/grpc-js";
import { AppError } from "@kurz/errors";
import type { GrpcCallContext } from "./grpc-service-implementation";

/** Who is calling, as the callee verified it from the call's token(s). */
export interface CallPrincipal {
  /** The calling service: the client id of its service credential (its service name). */
  readonly service: string;
  /** The account the call acts for; undefined when a service calls on its own behalf. */
  readonly accountId: string | undefined;
  /** What the account allowed: the forwarded token's OAuth scopes, or the API key's permissions. */
  readonly scopes: ReadonlySet<string>;
  /**
   * Who acts for the account (the audit log's actor): the person of a forwarded access token
   * (with the OAuth client they use), or the API key an internal token was exchanged for.
   * Undefined for a service acting on its own behalf.
   */
  readonly actor?: CallActorIdentity;
}

/** The person or API key behind an account call. */
export interface CallActorIdentity {
  readonly type: "person" | "api_key";
  readonly id: string;
  /** The OAuth client a person acts through. */
  readonly clientId?: string;
}

/**
 * Verifies the proof in a call's metadata (see call-credentials.ts) and says who calls. Throws
 * AUTHENTICATION_REQUIRED for a missing, malformed, forged or expired token, FORBIDDEN for a
 * genuine token meant for another service. `createCallAuthenticator` in @kurz/auth-verifier is
 * the implementation; this package only calls it.
 */
export type CallAuthenticator = (metadata: Metadata) => Promise<CallPrincipal>;

/**
 * Who may call one method: "service" — any authenticated service (e.g. the redirector's
 * Resolve, auth-server's own API); `{ account: scope }` — a call acting for an account whose
 * token grants `scope`; `{ open: reason }` — no token is checked because the handler proves the
 * caller itself (auth-server's AdminService: the operator's admin secret). Say why in `reason`.
 */
export type MethodAccess = "service" | { readonly account: string } | { readonly open: string };

/** One MethodAccess per method of a service, keyed like its implementation. */
export type GrpcServiceAccess<S extends GenServiceMethods> = { readonly [K in keyof S]: MethodAccess };

/** Refuses a verified principal the method does not admit. */
export function authorizeCall(principal: CallPrincipal, access: MethodAccess): void {
  if (access === "service" || "open" in access) return;
  if (principal.accountId === undefined) {
    throw new AppError("FORBIDDEN", {
      message: "This method acts for an account; a service token carries none",
    });
  }
  if (!principal.scopes.has(access.account)) {
    throw new AppError("INSUFFICIENT_SCOPE", {
      message: "Insufficient scope",
      details: { required_scope: access.account },
    });
  }
}

/**
 * The account an account-scoped handler acts for, from the verified token. The server refused
 * the call already if there is none; the check here guards handlers of servers built without an
 * authenticator (test doubles) and methods declared "service".
 */
export function callingAccount(context: GrpcCallContext): string {
  const accountId = context.principal?.accountId;
  if (accountId === undefined) {
    throw new AppError("AUTHENTICATION_REQUIRED", { message: "This call acts for no verified account" });
  }
  return accountId;
}

/** The verified calling service. */
export function callingService(context: GrpcCallContext): string {
  const service = context.principal?.service;
  if (service === undefined) {
    throw new AppError("AUTHENTICATION_REQUIRED", { message: "This call carries no verified service" });
  }
  return service;
}
