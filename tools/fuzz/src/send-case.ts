import { Agent, request } from "node:http";
import type { FuzzAnswer, FuzzCase } from "./fuzz-case";
import { ANSWER_LIMIT_MS } from "./oracle/judge-answer";

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
/** Enough of any answer to judge it; the rest is read and dropped. */
const KEEP_BYTES = 256 * 1024;

/**
 * Sends one case to the edge and reads the whole answer, or gives up after ANSWER_LIMIT_MS (a
 * hang). Resolves undefined when Node itself refuses to send the request (a header value it
 * will not write): that case says nothing about the server.
 */
export function sendCase(port: number, fuzzCase: FuzzCase): Promise<FuzzAnswer | undefined> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    // Declared before done(): a request Node refuses to build settles before the timer exists.
    let timer: NodeJS.Timeout | undefined;
    const done = (answer: FuzzAnswer | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    let req: ReturnType<typeof request>;
    try {
      req = request(
        {
          host: "127.0.0.1",
          port,
          method: fuzzCase.method,
          path: fuzzCase.target,
          headers: fuzzCase.headers,
          agent,
          setHost: !("host" in fuzzCase.headers),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let read = 0;
          let kept = 0;
          res.on("data", (chunk: Buffer) => {
            if (read < KEEP_BYTES) {
              chunks.push(chunk);
              kept += chunk.length;
            }
            read += chunk.length;
          });
          res.on("end", () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(res.headers)) {
              if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
            }
            done({
              status: res.statusCode ?? 0,
              headers,
              body: Buffer.concat(chunks).toString("utf8"),
              ms: performance.now() - started,
              ...(read > kept ? { truncated: true } : {}),
            });
          });
          res.on("error", () => done({ status: 0, headers: {}, body: "", ms: performance.now() - started }));
        },
      );
    } catch {
      done(undefined);
      return;
    }
    timer = setTimeout(() => {
      req.destroy();
      done({ status: 0, headers: {}, body: "", ms: performance.now() - started, timedOut: true });
    }, ANSWER_LIMIT_MS);
    req.on("error", (error: NodeJS.ErrnoException) => {
      // The server closing on a request it refused (after answering) is not a finding.
      done({
        status: 0,
        headers: {},
        body: `connection error ${error.code ?? ""}`,
        ms: performance.now() - started,
      });
    });
    req.end(fuzzCase.body);
  });
}
