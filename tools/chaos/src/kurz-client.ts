import { request } from "node:http";
import type { OAuthSession } from "./oauth-session";

export interface ApiAnswer {
  status: number;
  retryAfter: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the public API
  body: any;
}

/** A hang guard, not a speed assertion: an outage may hold a request until its own timeouts. */
const API_TIMEOUT_MS = 60_000;
const VISIT_TIMEOUT_MS = 30_000;

/**
 * The public REST API through the edge, as an integration calls it with its access token: a 401
 * `invalid_token` (expired by the service's clock) refreshes the token and is sent once more.
 */
export function kurzApi(edgeUrl: string, session: OAuthSession) {
  const send = async (
    accessToken: string,
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<ApiAnswer & { invalidToken: boolean }> => {
    const response = await fetch(`${edgeUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      body: parsed,
      invalidToken:
        response.status === 401 && /invalid_token/.test(response.headers.get("www-authenticate") ?? ""),
    };
  };
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer> => {
    const token = session.accessToken();
    let answer = await send(token, method, path, body, headers);
    if (answer.invalidToken) {
      await session.refresh(token);
      answer = await send(session.accessToken(), method, path, body, headers);
    }
    return { status: answer.status, retryAfter: answer.retryAfter, body: answer.body };
  };
}

export type KurzApi = ReturnType<typeof kurzApi>;

export interface VisitAnswer {
  status: number;
  location: string | undefined;
}

/** A visitor's request to a short URL: through the edge, with the short host in Host. */
export function visitShortLink(
  edgeUrl: string,
  shortHost: string,
  code: string,
  visitorIp: string,
): Promise<VisitAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${edgeUrl}/${code}`,
      {
        headers: {
          host: shortHost,
          "x-forwarded-for": visitorIp,
          "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
        },
        timeout: VISIT_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`visit timed out after ${VISIT_TIMEOUT_MS} ms`)));
    req.on("error", reject);
    req.end();
  });
}
