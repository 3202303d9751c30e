import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readVisitHeaders } from "../src/redirect/visitor-reader";

/** Sends raw header lines (duplicates and odd casing kept) and returns what Node made of them. */
let server: http.Server;
let received: Promise<IncomingMessage>;
let receive: (request: IncomingMessage) => void;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    receive(request);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function requestWith(lines: string[]): Promise<IncomingMessage> {
  received = new Promise((resolve) => {
    receive = resolve;
  });
  const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
  socket.write(`GET /code HTTP/1.1\r\n${lines.join("\r\n")}\r\nConnection: close\r\n\r\n`);
  socket.resume();
  const request = await received;
  socket.destroy();
  return request;
}

describe("readVisitHeaders", () => {
  it("reads what request.headers would, without building it", async () => {
    const request = await requestWith([
      "HOST: first.kurz.test",
      "host: second.kurz.test",
      "User-Agent: Mozilla/5.0 first",
      "user-agent: second",
      "Referer: https://a.example/",
      "REFERER: https://b.example/",
      "X-Forwarded-For: 81.2.69.142, 10.0.0.1",
      "x-forwarded-for: 10.0.0.2",
      "X-Forwarded-Host: acme.kurz.test",
      "X-Forwarded-Host: other.kurz.test",
      "X-Forwarded-Proto: https",
      "Cookie: a=1; kz_ab_x=visitor.variant",
      "COOKIE: b=2",
      "Accept: */*",
    ]);
    const headers = readVisitHeaders(request);
    // Taken before request.headers is touched, then compared with Node's own reading.
    expect(headers).toEqual({
      host: request.headers.host,
      userAgent: request.headers["user-agent"],
      referrer: request.headers.referer,
      forwardedFor: request.headers["x-forwarded-for"],
      forwardedHost: request.headers["x-forwarded-host"],
      forwardedProto: request.headers["x-forwarded-proto"],
      cookie: request.headers.cookie,
    });
    expect(headers.cookie).toBe("a=1; kz_ab_x=visitor.variant; b=2");
    expect(headers.host).toBe("first.kurz.test");
    expect(headers.forwardedFor).toBe("81.2.69.142, 10.0.0.1, 10.0.0.2");
  });

  it("gives empty strings and undefined for missing headers and caps long ones at 1 KiB", async () => {
    const request = await requestWith(["Host: kurz.test", `User-Agent: ${"x".repeat(5_000)}`]);
    expect(readVisitHeaders(request)).toEqual({
      host: "kurz.test",
      userAgent: "x".repeat(1_024),
      referrer: "",
      forwardedFor: undefined,
      forwardedHost: undefined,
      forwardedProto: undefined,
      cookie: undefined,
    });
  });
});
