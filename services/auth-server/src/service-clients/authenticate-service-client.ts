import type { AuthContext } from "../auth-context";
import { digestsEqual, sha256Hex } from "../crypto/opaque-secret";
import { OAuthError } from "../oauth/oauth-error";
import { type CallingService, isCallingService, serviceClientSecret } from "./service-client-config";

const failed = (description: string) => new OAuthError("invalid_client", description);

/**
 * Which service asks the internal token endpoint: HTTP Basic (RFC 6749 §2.3.1) with the service's
 * name and its configured secret, compared in constant time on the digests. Only services have
 * credentials here; OAuth clients (registered or pre-registered) are unknown to this endpoint.
 */
export function authenticateServiceClient(
  ctx: AuthContext,
  authorization: string | undefined,
): CallingService {
  if (!authorization || !/^basic /i.test(authorization)) {
    throw failed("A service authenticates with HTTP Basic (its name and client secret)");
  }
  const decoded = Buffer.from(authorization.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw failed("Malformed Basic authorization header");
  let clientId: string;
  let secret: string;
  try {
    const decode = (value: string) => decodeURIComponent(value.replaceAll("+", " "));
    clientId = decode(decoded.slice(0, colon));
    secret = decode(decoded.slice(colon + 1));
  } catch {
    throw failed("Malformed Basic authorization header");
  }
  const expected = isCallingService(clientId) ? serviceClientSecret(ctx.config, clientId) : undefined;
  // Hash either way, so an unknown name and a wrong secret cost the same.
  const presented = sha256Hex(secret);
  if (!expected || !isCallingService(clientId) || !digestsEqual(presented, sha256Hex(expected))) {
    throw failed("Service authentication failed");
  }
  return clientId;
}
