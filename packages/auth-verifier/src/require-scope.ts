import { AppError, toRestErrorBody } from "@kurz/errors";
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { roleRefusal } from "./role-refusal";
import { lowestRoleFor, roleAllowsScope } from "./roles";
import type { Scope } from "./scopes";
import type { AccessToken, TokenVerifier } from "./token-verifier";

declare module "fastify" {
  interface FastifyRequest {
    accessToken?: AccessToken;
  }
}

/** RFC 6750 §3: the challenge, with error and scope when there is one. */
function challenge(params: Record<string, string>): string {
  const parts = Object.entries(params).map(([k, v]) => `${k}="${v.replaceAll('"', "'")}"`);
  return parts.length > 0 ? `Bearer realm="kurz", ${parts.join(", ")}` : `Bearer realm="kurz"`;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
  return match?.[1];
}

async function refuse(reply: FastifyReply, error: AppError, wwwAuthenticate: string): Promise<void> {
  const { status, body } = toRestErrorBody(error);
  await reply
    .code(status)
    .header("www-authenticate", wwwAuthenticate)
    .header("cache-control", "no-store")
    .send(body);
}

/** The workspace a request names (docs/api/workspaces.md#acting-in-a-workspace). */
function workspaceHeader(request: FastifyRequest): string | undefined {
  const value = request.headers["kurz-workspace"];
  if (Array.isArray(value)) {
    throw new AppError("VALIDATION_ERROR", { message: "Send one Kurz-Workspace header" });
  }
  return value?.trim() || undefined;
}

/**
 * A route's declared scope, as a fastify preHandler. Without a valid bearer token → 401 with an
 * RFC 6750 challenge; with a token lacking the scope → 403 with the insufficient-scope body
 * (docs/api/errors.md#insufficient-scope) `{ success: false, error: "Insufficient scope",
 * required_scope }`; in a workspace the person is not a member of, or with a role that does not
 * allow the scope → 403 FORBIDDEN (details: role, required_role). On success the token, its
 * workspace (`accountId`) and the person's role there are on `request.accessToken`.
 */
export function requireScope(
  verifier: TokenVerifier,
  scope: Scope,
  options: {
    /**
     * false: the route concerns the person, not a workspace (their workspaces, one named in its
     * path): no membership is checked here, the route checks its own, and `accountId` is the
     * person's own workspace.
     */
    actsInWorkspace?: boolean;
  } = {},
): preHandlerAsyncHookHandler {
  const actsInWorkspace = options.actsInWorkspace ?? true;
  return async function checkScope(request, reply) {
    const token = bearerToken(request);
    if (!token) {
      const missing = request.headers.authorization === undefined;
      return refuse(
        reply,
        new AppError("AUTHENTICATION_REQUIRED", {
          message: missing ? "Authentication required" : "Malformed Authorization header",
        }),
        missing ? challenge({}) : challenge({ error: "invalid_request" }),
      );
    }
    let accessToken: AccessToken;
    try {
      accessToken = actsInWorkspace
        ? await verifier.authorize(token, workspaceHeader(request))
        : await verifier.verify(token);
    } catch (error) {
      if (error instanceof AppError && error.code === "INVALID_TOKEN") {
        return refuse(reply, error, challenge({ error: "invalid_token", error_description: error.message }));
      }
      throw error;
    }
    if (!accessToken.scopes.has(scope)) {
      return refuse(
        reply,
        new AppError("INSUFFICIENT_SCOPE", {
          message: "Insufficient scope",
          details: { required_scope: scope },
        }),
        challenge({ error: "insufficient_scope", scope }),
      );
    }
    if (accessToken.role && !roleAllowsScope(accessToken.role, scope)) {
      throw roleRefusal(accessToken.role, lowestRoleFor(scope));
    }
    request.accessToken = accessToken;
  };
}

/** The verified token of a route guarded by requireScope. */
export function accessTokenOf(request: FastifyRequest): AccessToken {
  if (!request.accessToken) {
    // A route without requireScope asking for the token is a programming error, not the caller's.
    throw new AppError("INTERNAL", { message: "route has no scope guard" });
  }
  return request.accessToken;
}
