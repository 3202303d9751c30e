import net from "node:net";
import { createLogger } from "@kurz/logger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp, stringFault } from "../src";

const logger = createLogger({ service: "test", level: "silent" });

describe("stringFault: the rule every received string obeys", () => {
  it.each([
    ["plain text", undefined],
    ["tab\tline\nfeed\r", undefined],
    ["emoji 🎉 and ünïcödé", undefined],
    ["nul\u0000", "control character"],
    ["bell\u0007", "control character"],
    ["escape\u001b[31m", "control character"],
    ["delete\u007f", "control character"],
    ["lone high \uD800", "lone surrogate"],
    ["lone low \uDC00 x", "lone surrogate"],
  ])("%j → %s", (value, fault) => {
    expect(stringFault(value)).toBe(fault);
  });
});

describe("every service's HTTP app refuses faulty input before any handler", () => {
  const { app } = createHttpApp({ service: "test", logger });
  const handled: unknown[] = [];
  app.post("/things/:id", async (request) => {
    handled.push(request.body);
    return { ok: true };
  });
  app.get("/things", async (request) => {
    handled.push(request.query);
    return { ok: true };
  });
  app.get("/lists", { config: { repeatableQuery: ["tag"] } }, async (request) => request.query);
  app.post("/form", async (request) => {
    handled.push(request.body);
    return { ok: true };
  });
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
    done(null, new URLSearchParams(body as string)),
  );
  let port = 0;

  beforeAll(async () => {
    port = Number(new URL(await app.listen({ host: "127.0.0.1", port: 0 })).port);
  });
  afterAll(async () => {
    await app.close();
  });

  const json = (payload: string | Buffer, url = "/things/1") =>
    app.inject({ method: "POST", url, headers: { "content-type": "application/json" }, payload });

  it("refuses a NUL anywhere (body, nested, key, query, path) with 400 VALIDATION_ERROR naming the field", async () => {
    const cases = [
      [json('{"name":"a\\u0000b"}'), "body.name"],
      [json('{"utm":{"source":["ok","x\\u0000"]}}'), "body.utm.source[1]"],
      [json('{"a\\u0000":1}'), "body.<key>"],
      [app.inject({ method: "GET", url: "/things?search=a%00b" }), "query.search"],
      [app.inject({ method: "POST", url: "/things/a%00b", payload: {} }), "params.id"],
    ] as const;
    for (const [pending, path] of cases) {
      const response = await pending;
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: "VALIDATION_ERROR",
        details: { issues: [{ path }] },
      });
    }
    expect(handled).toEqual([]);
  });

  it("refuses a lone surrogate sent as a JSON escape", async () => {
    const response = await json('{"name":"\\ud800"}');
    expect(response.statusCode).toBe(400);
    expect(response.json().details.issues[0].message).toContain("lone surrogate");
  });

  it("refuses JSON bodies that are not UTF-8 instead of storing U+FFFD", async () => {
    const invalid = Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const response = await json(invalid);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "INVALID_JSON",
      error: "The request body is not valid UTF-8",
    });
    const poisoned = await json('{"__proto__":{"admin":true}}');
    expect(poisoned.statusCode).toBe(400);
    expect((await json("")).json()).toMatchObject({ code: "INVALID_JSON" });
  });

  it("refuses a NUL in a form", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/form",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=a%00@example.com",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.issues[0].path).toBe("body.email");
  });

  it("refuses a query parameter given twice unless the route takes a list", async () => {
    const twice = await app.inject({ method: "GET", url: "/things?return_to=/a&return_to=/b" });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details.issues[0].path).toBe("query.return_to");
    const list = await app.inject({ method: "GET", url: "/lists?tag=a&tag=b" });
    expect(list.json()).toEqual({ tag: ["a", "b"] });
  });

  it("answers a path that does not decode, and unreadable requests, in the Kurz error body", async () => {
    const path = await app.inject({ method: "GET", url: "/things/%zz" });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });

    const rawAnswer = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
        let text = "";
        socket.on("data", (chunk) => {
          text += chunk.toString("latin1");
        });
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
      });
    const big = await rawAnswer(`GET /things HTTP/1.1\r\nhost: x\r\nx-big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431/);
    expect(big).toContain('"code":"HEADERS_TOO_LARGE"');
    const framing = await rawAnswer(
      "POST /form HTTP/1.1\r\nhost: x\r\ncontent-type: application/x-www-form-urlencoded\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n",
    );
    expect(framing).toMatch(/^HTTP\/1\.1 400/);
    expect(framing).toContain('"code":"VALIDATION_ERROR"');
  });
});
