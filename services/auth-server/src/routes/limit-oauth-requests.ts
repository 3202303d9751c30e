import type { QuotaPolicy, RestRateLimit } from "@kurz/service-runtime";
import { clientAddressKey } from "@kurz/service-runtime";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AuthServerConfig } from "../config";
import type { FormParams } from "../oauth/form-params";
import { OAuthError } from "../oauth/oauth-error";

/**
 * The client a token or revocation request names (form client_id, else the Basic user), before
 * it is authenticated: failed authentications count too, which is the point.
 */
function claimedClientId(request: FastifyRequest, form: FormParams): string {
  const authorization = request.headers.authorization;
  const basic =
    authorization && /^basic /i.test(authorization)
      ? Buffer.from(authorization.slice(6).trim(), "base64").toString("utf8").split(":")[0]
      : undefined;
  return form.get("client_id") ?? basic ?? "";
}

/**
 * Rate limits of the OAuth machine endpoints, in the shared counters and with the same RateLimit
 * fields as the REST API: registrations per address per hour, token and revocation requests per
 * client AND address per minute. Client and address together: a hosted assistant calls from many
 * addresses, and a caller naming someone else's client_id cannot use that client's quota up
 * everywhere. Past a quota the refusal is OAuth-shaped: RFC 6749 has no rate-limit error, so
 * invalid_request with 429 and Retry-After, the wait also in the description.
 */
export function createOAuthRequestLimits(
  limit: RestRateLimit,
  config: Pick<AuthServerConfig, "REGISTRATIONS_PER_HOUR_PER_IP" | "OAUTH_TOKEN_REQUESTS_PER_MINUTE">,
) {
  const registrations: QuotaPolicy = {
    name: "register",
    quota: config.REGISTRATIONS_PER_HOUR_PER_IP,
    windowSeconds: 3600,
  };
  const tokenRequests: QuotaPolicy = {
    name: "token",
    quota: config.OAUTH_TOKEN_REQUESTS_PER_MINUTE,
    windowSeconds: 60,
  };

  async function enforce(reply: FastifyReply, policy: QuotaPolicy, partition: string, what: string) {
    const usage = await limit.consume(reply, policy, partition);
    if (usage && !usage.allowed) {
      throw new OAuthError(
        "invalid_request",
        `Too many ${what}; retry after ${usage.resetSeconds} seconds`,
        429,
      );
    }
  }

  return {
    registration: (request: FastifyRequest, reply: FastifyReply) =>
      enforce(
        reply,
        registrations,
        `ip:${clientAddressKey(request.ip)}`,
        "client registrations from this address",
      ),
    tokenRequest: (request: FastifyRequest, reply: FastifyReply, form: FormParams) =>
      enforce(
        reply,
        tokenRequests,
        `client:${claimedClientId(request, form)}|ip:${clientAddressKey(request.ip)}`,
        "token requests from this client and address",
      ),
  };
}
