import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

// Each case was a one-request repro of a fuzz run: a 500 from PostgreSQL ("invalid byte sequence
// for encoding UTF8: 0x00") or junk stored with 201. Now: 400 in the Kurz body, nothing stored.

let api: TestLinkApi;
let account: string;
let headers: Record<string, string>;

beforeAll(async () => {
  api = await startTestLinkApi();
  account = randomUUID();
  headers = await api.auth(account, [
    "shorturl:create",
    "shorturl:read",
    "campaign:create",
    "campaign:read",
    "qrcode:create",
    "qrcode:read",
  ]);
});

afterAll(async () => {
  await api.close();
});

const send = (method: "GET" | "POST", url: string, payload?: unknown) =>
  api.http.inject({
    method,
    url,
    headers: { ...headers, ...(payload === undefined ? {} : { "content-type": "application/json" }) },
    ...(payload === undefined
      ? {}
      : { payload: typeof payload === "string" ? payload : JSON.stringify(payload) }),
  });

function expectRefused(response: Awaited<ReturnType<typeof send>>, code = "VALIDATION_ERROR") {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ success: false, code });
  expect(response.body).not.toMatch(/invalid byte sequence|SELECT|node_modules|\n\s+at /);
}

async function linkCount(): Promise<number> {
  const listed = await send("GET", "/api/v1/urls?limit=100");
  return listed.json().pagination?.total ?? listed.json().urls?.length ?? 0;
}

describe("link-api refuses what it cannot store faithfully", () => {
  it("NUL in a path code, a search, UTM fields, a campaign name and QR text → 400, nothing stored", async () => {
    const before = await linkCount();
    expectRefused(await send("GET", "/api/v1/urls/a%00b"));
    expectRefused(await send("GET", "/api/v1/urls?search=a%00b"));
    expectRefused(
      await send("POST", "/api/v1/urls", { url: "https://example.com/", utm_source: "a\u0000b" }),
    );
    expectRefused(await send("POST", "/api/v1/campaigns", { name: "spring\u0000" }));
    expectRefused(await send("POST", "/api/v1/qr", { type: "text", content: "hello\u0000" }));
    expect(await linkCount()).toBe(before);
  });

  it("refuses invalid UTF-8 inside JSON strings instead of storing U+FFFD", async () => {
    const body = Buffer.concat([
      Buffer.from('{"url":"https://example.com/","name":"caf'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    const response = await api.http.inject({
      method: "POST",
      url: "/api/v1/urls",
      headers: { ...headers, "content-type": "application/json" },
      payload: body,
    });
    expectRefused(response, "INVALID_JSON");
  });

  it.each([
    ["only zero-width spaces", "\u200b\u200b"],
    ["a right-to-left override", "invoice\u202Efdp.exe"],
    ["a tab", "a\tb"],
    ["U+FFFD", "caf\uFFFD"],
  ])("refuses a link name with %s", async (_what, name) => {
    expectRefused(await send("POST", "/api/v1/urls", { url: "https://example.com/", name }));
  });

  it("refuses a campaign name with a TAB or only invisible characters (found by make fuzz)", async () => {
    expectRefused(await send("POST", "/api/v1/campaigns", { name: "tab\there" }));
    expectRefused(await send("POST", "/api/v1/campaigns", { name: "\u2060\u200b" }));
  });

  it("refuses an expired_url or destination with a malformed %-escape", async () => {
    expectRefused(
      await send("POST", "/api/v1/urls", {
        url: "https://example.com/",
        expired_url: "https://example.com/%zz",
      }),
    );
    expectRefused(await send("POST", "/api/v1/urls", { url: "https://example.com/100%" }));
    const fine = await send("POST", "/api/v1/urls", { url: "https://example.com/100%25?q=%C3%A9" });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it("refuses a query parameter given twice", async () => {
    expectRefused(await send("GET", "/api/v1/urls?page=1&page=2"));
  });
});
