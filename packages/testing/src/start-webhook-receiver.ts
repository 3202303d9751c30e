import http from "node:http";
import type { AddressInfo } from "node:net";

export interface WebhookReceiver {
  url: string;
  /** Distinct `webhook-id`s received so far (a retried delivery counts once). */
  distinct(): number;
  /** Requests received so far, retries included. */
  requests(): number;
  close(): Promise<void>;
}

/** A receiver answering 204 at once and counting deliveries by their `webhook-id`. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const ids = new Set<string>();
  let requests = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      requests++;
      const id = request.headers["webhook-id"];
      if (typeof id === "string") ids.add(id);
      response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    distinct: () => ids.size,
    requests: () => requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
