import { AsyncLocalStorage } from "node:async_hooks";
import type { Metadata } from "@grpc/grpc-js";

/**
 * The metadata that proves a call. A bare account id is never trusted (there is no such key any
 * more): every call carries a token the callee verifies against auth-server's JWKS.
 */
export const CallCredentialKey = {
  /**
   * `Bearer <token>`: the call's principal. A service token (audience = the callee, the calling
   * service as subject), an internal account token (audience = the callee, the account as
   * subject, the calling service in `act`), or an end user's access token forwarded as is.
   */
  authorization: "authorization",
  /**
   * `Bearer <service token>`, sent beside a forwarded user access token only: the user's token
   * says who the account is, this one which service forwards it.
   */
  serviceAuthorization: "kurz-service-authorization",
} as const;

/** Who a call acts for, when not only for the calling service itself. */
export type CallActor =
  /** The end user of the REST request being served: their verified access token is forwarded. */
  | { readonly accessToken: string }
  /**
   * An MCP caller: the client exchanges the API key at auth-server (RFC 8693) for a short-lived
   * internal token of the key's account, audience = the callee.
   */
  | { readonly apiKey: string };

/**
 * Where a client gets its tokens. `createServiceTokens` in @kurz/auth-verifier implements it
 * against auth-server (client_credentials and token exchange, cached until shortly before expiry).
 */
export interface CallTokenSource {
  /** This service's own token for `audience`. */
  serviceToken(audience: string): Promise<string>;
  /** An internal token for the API key's account, for `audience`, naming this service in `act`. */
  apiKeyToken(apiKey: string, audience: string): Promise<string>;
}

/** A client's side of call authentication: who the callee is, and where tokens come from. */
export interface CallAuth {
  /** The callee's service name (e.g. "link-api"): the audience of every token this client sends. */
  audience: string;
  tokens: CallTokenSource;
}

const currentActor = new AsyncLocalStorage<CallActor>();

/**
 * Runs `fn` with `actor` as the default actor of every gRPC call started inside it (a call's own
 * `actor` option wins). A REST handler wraps its work in it to forward the user's token without
 * threading it through every function.
 */
export function runAsActor<T>(actor: CallActor, fn: () => T): T {
  return currentActor.run(actor, fn);
}

/** The actor set by the innermost runAsActor around the current code, if any. */
export function currentCallActor(): CallActor | undefined {
  return currentActor.getStore();
}

const bearer = (token: string) => `Bearer ${token}`;

/**
 * Adds the call's proof to its metadata. Without `auth` nothing is added (only a server built
 * with `unauthenticated: true`, i.e. a test double, accepts such a call); asking such a client to
 * act for someone is a programming error.
 */
export async function attachCallCredentials(
  metadata: Metadata,
  auth: CallAuth | undefined,
  actor: CallActor | undefined,
): Promise<void> {
  if (!auth) {
    if (actor) throw new Error("this gRPC client has no `auth` option: it cannot act for an account");
    return;
  }
  const { audience, tokens } = auth;
  if (actor && "accessToken" in actor) {
    const serviceToken = await tokens.serviceToken(audience);
    metadata.set(CallCredentialKey.authorization, bearer(actor.accessToken));
    metadata.set(CallCredentialKey.serviceAuthorization, bearer(serviceToken));
  } else if (actor && "apiKey" in actor) {
    metadata.set(CallCredentialKey.authorization, bearer(await tokens.apiKeyToken(actor.apiKey, audience)));
  } else {
    metadata.set(CallCredentialKey.authorization, bearer(await tokens.serviceToken(audience)));
  }
}
