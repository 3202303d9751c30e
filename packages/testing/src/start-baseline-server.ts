import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The baseline every bench compares with (docs/architecture.md#performance): a bare Node http
 * server answering 302 from a Map, the least any redirector must do. The redirector's throughput is
 * reported as a ratio to it.
 */
export async function startBaselineServer(
  links: ReadonlyMap<string, string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    const query = path.indexOf("?");
    const code = path.slice(1, query === -1 ? undefined : query);
    const location = links.get(code);
    if (location === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(302, { location, "cache-control": "no-store" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
