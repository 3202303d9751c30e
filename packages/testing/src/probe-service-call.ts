import { createGrpcClient, internalTokenUrl } from "@kurz/grpc";
import { authV1, linksV1 } from "@kurz/proto";

/**
 * The calls a whole-system test makes to check who may call whom, each to one service:
 * - "resolve": link-api's LinkService.Resolve (services only, no account);
 * - "listLinks": link-api's LinkService.ListLinks (acts for an account, shorturl:read);
 * - "getAccount": auth-server's AuthService.GetAccount (services only).
 */
export type ServiceCallProbe = "resolve" | "listLinks" | "getAccount";

/**
 * Makes one gRPC call carrying exactly `metadata` (a forged `x-kurz-account-id`, a token, or
 * nothing) and says what came back: "OK", or the Kurz error code. For apps that run the real
 * services and want to show a forged call refused, without depending on the gRPC packages.
 */
export async function probeServiceCall(
  address: string,
  probe: ServiceCallProbe,
  metadata: Record<string, string> = {},
): Promise<string> {
  const options = { deadlineMs: 5_000, retry: { maxAttempts: 1 }, metadata };
  const call = async () => {
    if (probe === "getAccount") {
      const client = createGrpcClient(authV1.AuthService, address, options);
      try {
        await client.getAccount({ accountId: "00000000-0000-4000-8000-000000000000" });
      } finally {
        client.close();
      }
      return;
    }
    const client = createGrpcClient(linksV1.LinkService, address, options);
    try {
      if (probe === "resolve") await client.resolve({ host: "localhost", code: "no-such-code" });
      else await client.listLinks({});
    } finally {
      client.close();
    }
  };
  try {
    await call();
    return "OK";
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? code : String(error);
  }
}

/** A service's own token for `audience`, asked of auth-server's internal token endpoint. */
export async function requestServiceToken(
  authServerHttpUrl: string,
  service: string,
  secret: string,
  audience: string,
): Promise<string> {
  const response = await fetch(internalTokenUrl(authServerHttpUrl), {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${service}:${secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "client_credentials", audience }),
  });
  const body = (await response.json()) as { access_token?: string; error?: string };
  if (!response.ok || !body.access_token) throw new Error(`token endpoint ${response.status}: ${body.error}`);
  return body.access_token;
}
