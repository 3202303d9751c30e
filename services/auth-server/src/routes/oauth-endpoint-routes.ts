import { AppError } from "@kurz/errors";
import { documentationOnly } from "@kurz/openapi";
import type { RestRateLimit } from "@kurz/service-runtime";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import type { AuthContext } from "../auth-context";
import { authenticateClient } from "../oauth/authenticate-client";
import { exchangeAuthorizationCode } from "../oauth/authorization-code-grant";
import { FormParams } from "../oauth/form-params";
import { OAuthError } from "../oauth/oauth-error";
import { refreshAccessToken } from "../oauth/refresh-token-grant";
import { registerClient } from "../oauth/register-client";
import { revokeToken } from "../oauth/revoke-token";
import { OAUTH_PATHS, serverMetadata } from "../oauth/server-metadata";
import { createOAuthRequestLimits } from "./limit-oauth-requests";
import {
  jwksSchema,
  metadataSchema,
  registerSchema,
  revokeSchema,
  tokenSchema,
} from "./oauth-endpoint-schemas";

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  if (error.status === 401) reply.header("www-authenticate", 'Basic realm="kurz", charset="UTF-8"');
  return reply.code(error.status).headers(NO_STORE).send(error.toBody());
}

/** Fastify's own request errors, in RFC 6749 terms; the registration endpoint speaks RFC 7591. */
function toOAuthError(error: FastifyError, registration: boolean): OAuthError | undefined {
  const invalid = (description: string) =>
    new OAuthError(registration ? "invalid_client_metadata" : "invalid_request", description);
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return invalid(
        registration
          ? "Content-Type must be application/json"
          : "Content-Type must be application/x-www-form-urlencoded",
      );
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return invalid("The request body is not valid JSON");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new OAuthError("invalid_request", "The request body is too large", 413);
    default:
      if (error instanceof SyntaxError) return invalid("The request body is not valid JSON");
      // The input rule every service applies (NUL, lone surrogates, repeated parameters, bytes
      // that are not UTF-8): the caller's mistake, said in OAuth's words.
      if (error instanceof AppError && error.isClientError && error.httpStatus < 429) {
        const oauthError = invalid(error.message);
        return error.httpStatus === 400
          ? oauthError
          : new OAuthError(oauthError.error, error.message, error.httpStatus);
      }
      return undefined;
  }
}

/**
 * The machine endpoints of the authorization server: discovery, JWKS, registration, token and
 * revocation. Errors use the OAuth body `{ error, error_description }` (never the REST one), and
 * every endpoint answers CORS, so browser-based MCP clients can use it too (no cookies involved).
 */
export async function registerOAuthEndpointRoutes(
  app: FastifyInstance,
  ctx: AuthContext,
  rateLimit: RestRateLimit,
): Promise<void> {
  const limits = createOAuthRequestLimits(rateLimit, ctx.config);
  await app.register(async (oauth) => {
    oauth.addHook("onRequest", async (request, reply) => {
      reply.header("access-control-allow-origin", "*");
      if (request.method === "OPTIONS") {
        return reply
          .code(204)
          .header("access-control-allow-methods", "GET, POST, OPTIONS")
          .header("access-control-allow-headers", "authorization, content-type")
          .header("access-control-max-age", "86400")
          .send();
      }
    });

    oauth.setErrorHandler((error: FastifyError, request, reply) => {
      const registration = request.url.startsWith(OAUTH_PATHS.register);
      const mapped = error instanceof OAuthError ? error : toOAuthError(error, registration);
      if (mapped) return sendOAuthError(reply, mapped);
      request.log.error(
        { event: "oauth.request_failed", err: error, url: request.url },
        "OAuth request failed",
      );
      return reply
        .code(500)
        .headers(NO_STORE)
        .send({ error: "server_error", error_description: "The server could not complete the request" });
    });

    for (const path of Object.values(OAUTH_PATHS)) {
      if (path !== OAUTH_PATHS.authorize) oauth.options(path, async () => undefined);
    }

    oauth.get(
      OAUTH_PATHS.metadata,
      { schema: metadataSchema, ...documentationOnly },
      async (_request, reply) =>
        reply.header("cache-control", "public, max-age=300").send(serverMetadata(ctx.config)),
    );

    oauth.get(OAUTH_PATHS.jwks, { schema: jwksSchema, ...documentationOnly }, async (_request, reply) =>
      reply
        .header("content-type", "application/jwk-set+json")
        .header("cache-control", "public, max-age=300")
        .send(await ctx.signingKeys.jwks()),
    );

    oauth.post(
      OAUTH_PATHS.register,
      { schema: registerSchema, ...documentationOnly },
      async (request, reply) => {
        await limits.registration(request, reply);
        const contentType = request.headers["content-type"] ?? "";
        if (!/^application\/json\b/i.test(contentType)) {
          throw new OAuthError("invalid_client_metadata", "Content-Type must be application/json");
        }
        return reply
          .code(201)
          .headers(NO_STORE)
          .send(await registerClient(ctx, request.body));
      },
    );

    const formOf = (body: unknown): FormParams => {
      if (!(body instanceof URLSearchParams)) {
        throw new OAuthError("invalid_request", "Content-Type must be application/x-www-form-urlencoded");
      }
      return FormParams.of(body);
    };

    oauth.post(OAUTH_PATHS.token, { schema: tokenSchema, ...documentationOnly }, async (request, reply) => {
      const form = formOf(request.body);
      await limits.tokenRequest(request, reply, form);
      const grantType = form.get("grant_type");
      if (!grantType) throw new OAuthError("invalid_request", "Missing required parameter: grant_type");
      if (grantType !== "authorization_code" && grantType !== "refresh_token") {
        throw new OAuthError("unsupported_grant_type", `Unsupported grant_type "${grantType.slice(0, 64)}"`);
      }
      const response =
        grantType === "authorization_code"
          ? await exchangeAuthorizationCode(
              ctx,
              await authenticateClient(ctx, request.headers.authorization, form),
              form,
            )
          : // The refresh grant authenticates the client as it reads the token (one round trip).
            await refreshAccessToken(ctx, request.headers.authorization, form);
      return reply.headers(NO_STORE).send(response);
    });

    oauth.post(OAUTH_PATHS.revoke, { schema: revokeSchema, ...documentationOnly }, async (request, reply) => {
      const form = formOf(request.body);
      await limits.tokenRequest(request, reply, form);
      const client = await authenticateClient(ctx, request.headers.authorization, form);
      await revokeToken(ctx, client, form);
      return reply.code(200).headers(NO_STORE).send();
    });
  });
}
