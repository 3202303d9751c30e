import { type SignedInUser, signInWithOAuth } from "./sign-in-with-oauth";

/** The parts of the API's answers the benches read. */
export interface BenchApiBody {
  url?: { id?: unknown };
  analytics?: { counts?: { clicks?: unknown } };
  [field: string]: unknown;
}

export interface BenchAccount {
  user: SignedInUser;
  /** A REST call with the account's access token: the status and the JSON body. */
  api(method: string, route: string, body?: unknown): Promise<{ status: number; body: BenchApiBody }>;
  /** The short codes of the links made, in order. */
  codes: string[];
}

/**
 * What the redirect benches start with: a new person signed in through the OAuth flow at
 * `baseUrl` (the public URL, so the issuer is reached by the name it gives), and `links` links to
 * `destination` (each with `&n=<i>` so none is the same), created through REST.
 */
export async function signInWithBenchLinks(
  baseUrl: string,
  links: number,
  destination: string,
): Promise<BenchAccount> {
  const user = await signInWithOAuth(baseUrl, "shorturl:create shorturl:read analytics:read");
  const api: BenchAccount["api"] = async (method, route, body) => {
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as BenchApiBody };
  };
  const codes: string[] = [];
  for (let i = 0; i < links; i++) {
    const created = await api("POST", "/api/v1/urls", { url: `${destination}&n=${i}` });
    if (created.status !== 201)
      throw new Error(`creating a link: ${created.status} ${JSON.stringify(created.body)}`);
    codes.push(String(created.body.url?.id));
  }
  return { user, api, codes };
}
