import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * How the receiver answers the first attempt of each message while a fault is on. Only the first
 * attempt misbehaves: the dispatcher's next retry comes 5 s later and the one after 5 min later
 * (docs/api/webhook-events.md), so a receiver that kept misbehaving would outlast the run.
 */
export type ReceiverMode = "ok" | "nul-bytes" | "huge-body" | "stall" | "reset";

/** 10 MB answers (a receiver streaming junk back): the dispatcher must keep only what it needs. */
const HUGE_BODY_BYTES = 10 * 1024 * 1024;
/** A stalled receiver holds the attempt this long, past the dispatcher's attempt timeout. */
const STALL_MS = 30_000;

export interface ReceivedEvent {
  webhookId: string;
  type: string;
  data: Record<string, unknown>;
}

export interface MisbehavingReceiver {
  url: string;
  setMode(mode: ReceiverMode): void;
  /** Every request answered 2xx, in order (a retried message appears once per 2xx answer). */
  accepted(): ReceivedEvent[];
  /** Requests seen, misbehaved ones included. */
  requests(): number;
  /** Requests seen per webhook-id (every attempt that reached the receiver). */
  requestsById(): Map<string, number>;
  close(): Promise<void>;
}

/** A local webhook endpoint that answers 204, or misbehaves on command. */
export async function startMisbehavingReceiver(): Promise<MisbehavingReceiver> {
  let mode: ReceiverMode = "ok";
  let requests = 0;
  const accepted: ReceivedEvent[] = [];
  const misbehavedFor = new Set<string>();
  const requestsById = new Map<string, number>();
  const stalled = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests++;
      const webhookId = String(request.headers["webhook-id"] ?? "");
      requestsById.set(webhookId, (requestsById.get(webhookId) ?? 0) + 1);
      let payload: { type?: string; data?: Record<string, unknown> } = {};
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        response.writeHead(400).end();
        return;
      }
      const event = { webhookId, type: String(payload.type), data: payload.data ?? {} };
      const firstAttempt = !misbehavedFor.has(webhookId);
      if (mode !== "ok" && firstAttempt) {
        misbehavedFor.add(webhookId);
        if (mode === "reset") {
          request.socket.resetAndDestroy();
          return;
        }
        if (mode === "stall") {
          stalled.add(response);
          const timer = setTimeout(() => {
            stalled.delete(response);
            response.socket?.resetAndDestroy();
          }, STALL_MS);
          response.on("close", () => {
            clearTimeout(timer);
            stalled.delete(response);
          });
          return;
        }
        // NUL bytes and huge bodies are still 2xx answers: the message is delivered.
        accepted.push(event);
        if (mode === "nul-bytes") {
          response.writeHead(200, { "content-type": "text/plain" }).end(Buffer.alloc(4096, 0));
          return;
        }
        response.writeHead(200, { "content-type": "application/octet-stream" });
        response.end(Buffer.alloc(HUGE_BODY_BYTES, 0x61));
        return;
      }
      accepted.push(event);
      response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    setMode(next) {
      mode = next;
    },
    accepted: () => [...accepted],
    requests: () => requests,
    requestsById: () => new Map(requestsById),
    close: () =>
      new Promise((resolve) => {
        for (const response of stalled) response.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
