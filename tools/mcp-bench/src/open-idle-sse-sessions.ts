import http from "node:http";

/**
 * Opens `count` SSE streams (`GET /mcp/sse`) and waits for each one's endpoint event: sessions
 * that then sit idle. Returns a function that closes them all.
 */
export async function openIdleSseSessions(
  gatewayUrl: string,
  key: string,
  count: number,
): Promise<() => void> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const requests: http.ClientRequest[] = [];
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(
        `${gatewayUrl}/mcp/sse`,
        { agent, headers: { accept: "text/event-stream", "x-mcp-key": key, host: new URL(gatewayUrl).host } },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`GET /mcp/sse answered ${response.statusCode}`));
            response.resume();
            return;
          }
          response.once("data", () => resolve());
        },
      );
      request.on("error", reject);
      requests.push(request);
    });
  for (let opened = 0; opened < count; opened += 50) {
    await Promise.all(Array.from({ length: Math.min(50, count - opened) }, open));
  }
  return () => {
    for (const request of requests) request.destroy();
    agent.destroy();
  };
}
