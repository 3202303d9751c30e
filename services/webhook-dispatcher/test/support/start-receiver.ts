import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1: records every request; `answer` decides each response
 * (default 200).
 */
export async function startReceiver() {
  const received: ReceivedWebhook[] = [];
  let answer: (request: ReceivedWebhook) => {
    status: number;
    headers?: Record<string, string>;
    body?: string;
  } = () => ({
    status: 200,
  });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const hit = { headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(hit);
      const reply = answer(hit);
      response.writeHead(reply.status, reply.headers ?? {});
      response.end(reply.body ?? "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerWith(next: typeof answer) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
