import { eq } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { digestsEqual, sha256Hex } from "../crypto/opaque-secret";
import { type OAuthClientRow, oauthClients } from "../db/schema";
import type { FormParams } from "./form-params";
import { OAuthError } from "./oauth-error";

interface PresentedCredentials {
  clientId: string | undefined;
  secret: string | undefined;
  method: "client_secret_basic" | "client_secret_post" | "none";
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before being joined for Basic. */
function fromBasic(header: string): { clientId: string; secret: string } {
  const encoded = header.slice(6).trim();
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw new OAuthError("invalid_client", "Malformed Basic authorization header");
  try {
    const decode = (value: string) => decodeURIComponent(value.replaceAll("+", " "));
    return { clientId: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthError("invalid_client", "Malformed Basic authorization header");
  }
}

function presentedCredentials(authorization: string | undefined, form: FormParams): PresentedCredentials {
  const formId = form.get("client_id");
  const formSecret = form.get("client_secret");
  if (authorization && /^basic /i.test(authorization)) {
    if (formSecret !== undefined) {
      throw new OAuthError(
        "invalid_request",
        "Use one client authentication method, not Basic and client_secret",
      );
    }
    const basic = fromBasic(authorization);
    if (formId !== undefined && formId !== basic.clientId) {
      throw new OAuthError("invalid_request", "client_id does not match the Basic authorization header");
    }
    return { ...basic, method: "client_secret_basic" };
  }
  if (formSecret !== undefined) return { clientId: formId, secret: formSecret, method: "client_secret_post" };
  return { clientId: formId, secret: undefined, method: "none" };
}

const failed = (description = "Client authentication failed") =>
  new OAuthError("invalid_client", description);

/**
 * Compared against when the client is unknown, so an unknown client_id costs the same hashing
 * and comparison as a wrong secret.
 */
const UNKNOWN_CLIENT_DIGEST = sha256Hex("kurz: no client has this digest");

/**
 * Who is calling the token or revocation endpoint. Confidential clients prove it with their
 * secret (Basic or in the body: both are accepted, the comparison is constant-time on the
 * digests); public clients only name themselves and are bound by PKCE instead.
 *
 * Every failed authentication of a named client gets the one answer (RFC 6749 §5.2: 401
 * `invalid_client`, "Client authentication failed"): an unknown client_id, a wrong or missing
 * secret and a secret sent by a public client are told apart by nobody, so the endpoint does not
 * reveal which client ids exist.
 */
export async function authenticateClient(
  ctx: AuthContext,
  authorization: string | undefined,
  form: FormParams,
): Promise<OAuthClientRow> {
  const credentials = presentedCredentials(authorization, form);
  if (!credentials.clientId) throw failed("Client authentication is required (client_id is missing)");
  const [client] = await ctx.db
    .select()
    .from(oauthClients)
    .where(eq(oauthClients.clientId, credentials.clientId))
    .limit(1);
  const presented = credentials.secret === undefined ? undefined : sha256Hex(credentials.secret);
  // An unknown client is compared against a digest no secret has: it costs what a wrong secret costs.
  const expected = client ? client.secretHash : UNKNOWN_CLIENT_DIGEST;
  const secretMatches = presented !== undefined && !!expected && digestsEqual(presented, expected);
  // A confidential client with its secret, or a public client without one; nothing else.
  const authenticated = client !== undefined && (client.secretHash ? secretMatches : presented === undefined);
  if (!authenticated) throw failed();
  if (!client.enabled)
    throw new OAuthError("unauthorized_client", `${client.clientName} is not available yet`);
  return client;
}
