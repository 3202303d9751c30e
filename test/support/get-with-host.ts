import { request } from "node:http";

export interface HostResponse {
  status: number;
  location: string | null;
}

/**
 * GET `url` sending `host` as the Host header, the way a browser reaching a subdomain or a branded
 * domain that resolves to the edge would. fetch() cannot do this: Node's fetch ignores a Host
 * header and always sends the URL's own. Redirects are not followed.
 */
export function getWithHost(url: string, host: string): Promise<HostResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: "GET", headers: { host } }, (response) => {
      response.resume();
      response.on("end", () => {
        const location = response.headers.location;
        resolve({ status: response.statusCode ?? 0, location: location ?? null });
      });
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}
