import { AppError } from "@kurz/errors";
import { CLIENT_CREDENTIALS_GRANT, INTERNAL_TOKEN_PATH, TOKEN_EXCHANGE_GRANT } from "@kurz/grpc";
import type { FastifyError, FastifyInstance } from "fastify";
import type { AuthContext } from "../auth-context";
import { FormParams } from "../oauth/form-params";
import { OAuthError } from "../oauth/oauth-error";
import { authenticateServiceClient } from "../service-clients/authenticate-service-client";
import { exchangeApiKey } from "../service-clients/exchange-api-key";
import { issueServiceToken } from "../service-clients/issue-service-token";

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

/**
 * The internal token endpoint: how services get the tokens their gRPC calls carry
 * (docs/architecture.md#service-to-service-calls).
 * It is not the public `/mcp/oauth/token`: it knows only service credentials, and no route of
 * the edge or the Ingress leads here, so a leaked service secret is useless from outside.
 *
 * - `grant_type=client_credentials&audience=<callee>` (RFC 6749 §4.4): the service's own token;
 * - `grant_type=urn:ietf:params:oauth:grant-type:token-exchange` (RFC 8693) with an API key as
 *   `subject_token`: a token for the key's account, `act` = the service.
 *
 * Forwarded end-user access tokens need no exchange: callers send them as they are.
 */
export async function registerInternalTokenRoutes(app: FastifyInstance, ctx: AuthContext): Promise<void> {
  await app.register(async (internal) => {
    internal.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof OAuthError) {
        if (error.status === 401) reply.header("www-authenticate", 'Basic realm="kurz-services"');
        return reply.code(error.status).headers(NO_STORE).send(error.toBody());
      }
      const status = error instanceof AppError ? error.httpStatus : error.statusCode;
      if (status && status < 500) {
        return reply
          .code(400)
          .headers(NO_STORE)
          .send({ error: "invalid_request", error_description: "The request is not a valid token request" });
      }
      request.log.error(
        { event: "oauth.internal_token_failed", err: error },
        "internal token request failed",
      );
      return reply
        .code(500)
        .headers(NO_STORE)
        .send({ error: "server_error", error_description: "The server could not complete the request" });
    });

    internal.post(INTERNAL_TOKEN_PATH, async (request, reply) => {
      if (!(request.body instanceof URLSearchParams)) {
        throw new OAuthError("invalid_request", "Content-Type must be application/x-www-form-urlencoded");
      }
      const form = FormParams.of(request.body);
      const service = authenticateServiceClient(ctx, request.headers.authorization);
      const grantType = form.get("grant_type");
      let response: Awaited<ReturnType<typeof issueServiceToken>>;
      if (grantType === CLIENT_CREDENTIALS_GRANT) response = await issueServiceToken(ctx, service, form);
      else if (grantType === TOKEN_EXCHANGE_GRANT) response = await exchangeApiKey(ctx, service, form);
      else throw new OAuthError("unsupported_grant_type", "client_credentials or token-exchange only");
      request.log.debug(
        { event: "oauth.internal_token_issued", service, grantType },
        "internal token issued",
      );
      return reply.headers(NO_STORE).send(response);
    });
  });
}
