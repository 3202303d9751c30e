import { request } from "node:http";

export interface HostResponse {
  status: number;
  location: string | null;
  contentType: string | null;
  /** The body's bytes, as received. */
  body: Buffer;
}

/**
 * GET `url` sending `host` as the Host header, the way a browser reaching a subdomain or a branded
 * domain that resolves to the edge would. fetch() cannot do this: Node's fetch ignores a Host
 * header and always sends the URL's own. Redirects are not followed.
 */
export function getWithHost(url: string, host: string): Promise<HostResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: "GET", headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location ?? null,
          contentType: response.headers["content-type"] ?? null,
          body: Buffer.concat(chunks),
        });
      });
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}
