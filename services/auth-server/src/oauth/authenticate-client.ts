import { eq, sql } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { digestsEqual, sha256Hex } from "../crypto/opaque-secret";
import { type OAuthClientRow, oauthClients } from "../db/schema";
import type { FormParams } from "./form-params";
import { OAuthError } from "./oauth-error";

export interface PresentedCredentials {
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

function prepareClientLookup(db: AuthContext["db"]) {
  return db
    .select()
    .from(oauthClients)
    .where(eq(oauthClients.clientId, sql.placeholder("clientId")))
    .limit(1)
    .prepare("auth_oauth_client");
}

// One prepared statement per database: the token endpoint skips query building and planning.
const clientLookups = new WeakMap<AuthContext["db"], ReturnType<typeof prepareClientLookup>>();

/** The credentials a token or revocation request presents (Basic, or client_id/client_secret). */
export function readClientCredentials(
  authorization: string | undefined,
  form: FormParams,
): PresentedCredentials & { clientId: string } {
  const credentials = presentedCredentials(authorization, form);
  const { clientId } = credentials;
  if (!clientId) throw failed("Client authentication is required (client_id is missing)");
  return { ...credentials, clientId };
}

/**
 * Checks presented credentials against the client's row (undefined: no such client). Confidential
 * clients prove themselves with their secret (the comparison is constant-time on the digests);
 * public clients only name themselves and are bound by PKCE instead.
 *
 * Every failed authentication of a named client gets the one answer (RFC 6749 §5.2: 401
 * `invalid_client`, "Client authentication failed"): an unknown client_id, a wrong or missing
 * secret and a secret sent by a public client are told apart by nobody, so the endpoint does not
 * reveal which client ids exist.
 */
export function verifyClient(
  client: OAuthClientRow | undefined,
  credentials: PresentedCredentials,
): OAuthClientRow {
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

/**
 * Who is calling the token or revocation endpoint: the credentials read, the client's row looked
 * up (a prepared statement) and verified (verifyClient). The refresh grant reads the row together
 * with the refresh token instead (refresh-token-grant.ts), one round trip for both.
 */
export async function authenticateClient(
  ctx: AuthContext,
  authorization: string | undefined,
  form: FormParams,
): Promise<OAuthClientRow> {
  const credentials = readClientCredentials(authorization, form);
  let lookup = clientLookups.get(ctx.db);
  if (!lookup) {
    lookup = prepareClientLookup(ctx.db);
    clientLookups.set(ctx.db, lookup);
  }
  const [client] = await lookup.execute({ clientId: credentials.clientId });
  return verifyClient(client, credentials);
}
