export interface JsonAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies under test
  body: any;
}

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
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
}
