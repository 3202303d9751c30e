import net from "node:net";
import type { FuzzAnswer, FuzzCase } from "../fuzz-case";
import { ANSWER_LIMIT_MS } from "../oracle/judge-answer";

/** A request written byte for byte: framing no HTTP client library would send. */
export interface RawCase {
  route: string;
  bytes: Buffer;
  /** Send the body only after the server said 100 Continue. */
  body?: Buffer;
}

function raw(route: string, head: string, body?: Buffer | string): RawCase {
  const rawCase: RawCase = { route, bytes: Buffer.from(head, "latin1") };
  if (body !== undefined) rawCase.body = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return rawCase;
}

/** The framing cases: target forms, Expect, oversize headers and bodies, bytes that are not text. */
export function rawSocketCases(port: number): RawCase[] {
  const host = `host: 127.0.0.1:${port}\r\nconnection: close\r\n`;
  const twoMiB = Buffer.alloc(2 * 1024 * 1024, "a");
  return [
    raw("raw absolute-form", `GET http://127.0.0.1:${port}/api/v1/urls HTTP/1.1\r\n${host}\r\n`),
    raw("raw OPTIONS *", `OPTIONS * HTTP/1.1\r\n${host}\r\n`),
    raw("raw GET *", `GET * HTTP/1.1\r\n${host}\r\n`),
    raw(
      "raw Expect: 100-continue",
      `POST /api/v1/urls HTTP/1.1\r\n${host}content-type: application/json\r\ncontent-length: 31\r\nexpect: 100-continue\r\n\r\n`,
      '{"url":"https://example.com/"}\n',
    ),
    raw("raw 20 KiB header", `GET /api/v1/urls HTTP/1.1\r\n${host}x-big: ${"a".repeat(20 * 1024)}\r\n\r\n`),
    raw("raw 70 KiB header", `GET /api/v1/urls HTTP/1.1\r\n${host}x-big: ${"a".repeat(70 * 1024)}\r\n\r\n`),
    raw(
      "raw 2 MiB body",
      `POST /api/v1/urls HTTP/1.1\r\n${host}content-type: application/json\r\ncontent-length: ${twoMiB.length}\r\n\r\n`,
      twoMiB,
    ),
    raw(
      "raw bad chunked framing",
      `POST /api/v1/urls HTTP/1.1\r\n${host}content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n`,
    ),
    raw("raw NUL in the request line", `GET /api/v1/urls\u0000x HTTP/1.1\r\n${host}\r\n`),
    raw("raw invalid UTF-8 in the target", `GET /api/v1/urls?q=\u00ff\u00fe HTTP/1.1\r\n${host}\r\n`),
    raw("raw malformed escape in the target", `GET /api/v1/urls?x=%zz HTTP/1.1\r\n${host}\r\n`),
    raw("raw HEAD malformed escape", `HEAD /api/v1/urls?x=%FF%FE HTTP/1.1\r\n${host}\r\n`),
    raw(
      "raw 16 KiB Location",
      `GET /account/api-keys?${Array.from({ length: 1_700 }, (_, i) => `k${i}=1`).join("&")} HTTP/1.1\r\n${host}\r\n`,
    ),
    raw("raw HTTP/1.0 without host", "GET /api/v1/urls HTTP/1.0\r\n\r\n"),
    raw("raw unknown method", `BREW /api/v1/urls HTTP/1.1\r\n${host}\r\n`),
    raw(
      "raw content-length mismatch",
      `POST /api/v1/urls HTTP/1.1\r\n${host}content-type: application/json\r\ncontent-length: 5\r\ncontent-length: 6\r\n\r\n{}`,
    ),
  ];
}

/** The pseudo case a raw answer is judged as. */
export function rawAsCase(rawCase: RawCase): FuzzCase {
  return { route: rawCase.route, method: "RAW", target: rawCase.route, headers: {}, sent: "", page: true };
}

function dechunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const end = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, end), 16);
    if (!(size > 0)) return out;
    out += rest.slice(end + 2, end + 2 + size);
    rest = rest.slice(end + 2 + size + 2);
  }
}

/** Writes the bytes, waits for 100 Continue when a body follows, reads until the server closes. */
export function sendRaw(port: number, rawCase: RawCase): Promise<FuzzAnswer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let bodySent = false;
    const finish = (timedOut: boolean) => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      const last = text.lastIndexOf("HTTP/1.");
      const [head = "", ...rest] = text.slice(Math.max(last, 0)).split("\r\n\r\n");
      const headers: Record<string, string> = {};
      for (const line of head.split("\r\n").slice(1)) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const status = Number(/^HTTP\/1\.\d (\d{3})/.exec(head)?.[1] ?? 0);
      let body = rest.join("\r\n\r\n");
      if (headers["transfer-encoding"] === "chunked") body = dechunk(body);
      resolve({ status, headers, body, ms: performance.now() - started, timedOut });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      finish(true);
    }, ANSWER_LIMIT_MS);
    socket.on("connect", () => {
      socket.write(rawCase.bytes);
      const expectsContinue = /expect: 100-continue/i.test(rawCase.bytes.toString("latin1"));
      if (rawCase.body && !expectsContinue) {
        bodySent = true;
        socket.write(rawCase.body);
      }
    });
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      if (rawCase.body && !bodySent && Buffer.concat(chunks).toString("latin1").startsWith("HTTP/1.1 100")) {
        bodySent = true;
        socket.write(rawCase.body);
      }
    });
    socket.on("error", () => undefined);
    socket.on("close", () => finish(false));
  });
}
