export interface JsonAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies under test
  body: any;
}

/**
 * How often a journey's poll reads the REST API: once a second. Every read is one of the
 * account's REST requests a minute (60 on the Free plan); a poll every 50 ms spent the window in
 * seconds, and every read after it was a 429 until real time reached the window's end.
 */
export const REST_POLL_MS = 1_000;

/**
 * The public REST API as a journey calls it: JSON in and out through the edge, with the user's
 * current access token (asked for on every call, so a journey that refreshes it passes a getter).
 */
export function jsonApi(
  edgeUrl: string,
  accessToken: () => string,
): (method: string, path: string, body?: unknown) => Promise<JsonAnswer> {
  return async (method, path, body) => {
    const response = await fetch(`${edgeUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken()}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      // A hang guard, not a speed assertion: a loaded CI machine answers slowly, not wrongly.
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
}
