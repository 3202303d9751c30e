import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpProblems } from "../src/accounts/account-input";
import { apiKeyInputProblems } from "../src/api-keys/create-api-key";
import { validateClientMetadata } from "../src/oauth/register-client";
import { Browser } from "./support/browser";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

// One-request repros of a fuzz run: each was a 500 (or junk stored) before.

let server: TestAuthServer;
const PASSWORD = "a long enough password";

beforeAll(async () => {
  server = await startTestAuthServer();
});

afterAll(async () => {
  await server?.stop();
});

const noLeak = (body: string) =>
  expect(body).not.toMatch(/startsWith|ERR_INVALID_CHAR|invalid byte sequence|\n\s+at /);

describe("auth-server pages under hostile input", () => {
  it("answers a repeated return_to with 400, never 500", async () => {
    for (const page of ["/auth/login", "/auth/signup"]) {
      const response = await new Browser(server.url).get(`${page}?return_to=/a&return_to=/b`);
      expect(response.status).toBe(400);
      noLeak(response.body);
    }
  });

  it("percent-encodes a non-Latin-1 return_to for a signed-in person, never 500", async () => {
    const browser = new Browser(server.url);
    expect((await browser.signUp("cyrillic@example.com", PASSWORD)).status).toBe(303);
    const response = await browser.get("/auth/login?return_to=%2F%D0%B0");
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expect(response.location).toBe("/%D0%B0");
  });

  it("does not echo a ~16 KiB target into the log-in redirect", async () => {
    const query = Array.from({ length: 1_800 }, (_, i) => `k${i}=1`).join("&");
    const response = await new Browser(server.url).get(`/account/api-keys?${query}`);
    expect(response.status).toBe(302);
    expect(response.location).toBe(`/auth/login?return_to=${encodeURIComponent("/account")}`);
  });

  it("answers a NUL in the log-in e-mail and in an OAuth client_id with 400, never 500", async () => {
    const browser = new Browser(server.url);
    const login = await browser.logIn("a\u0000b@example.com", PASSWORD);
    expect(login.status).toBe(400);
    noLeak(login.body);
    const authorize = await browser.get("/mcp/oauth/authorize?response_type=code&client_id=a%00b");
    expect(authorize.status).toBe(400);
    noLeak(authorize.body);
    const revoke = await fetch(`${server.url}/mcp/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "token=x&client_id=a%00b",
    });
    expect(revoke.status).toBe(400);
  });
});

describe("names people see", () => {
  it.each([
    ["only zero-width spaces", "\u200b\u200b"],
    ["a right-to-left override", "Ad\u202Emin"],
    ["a tab", "a\tb"],
  ])("refuses an account, API-key or app name with %s", (_what, name) => {
    expect(signUpProblems({ email: "x@example.com", password: PASSWORD, name }).name).toBeDefined();
    expect(apiKeyInputProblems({ name, permissions: ["mcp"] }).name).toBeDefined();
    expect(() =>
      validateClientMetadata({ client_name: name, redirect_uris: ["https://app.example/cb"] }, false),
    ).toThrow(/client_name/);
  });

  it("accepts ordinary names in any script", () => {
    expect(signUpProblems({ email: "x@example.com", password: PASSWORD, name: "Zoë Ångström" })).toEqual({});
    expect(apiKeyInputProblems({ name: "サーバー key", permissions: ["mcp"] })).toEqual({});
  });

  it("refuses a client_uri or redirect URI with a malformed %-escape or non-ASCII", () => {
    expect(() =>
      validateClientMetadata({ client_name: "App", redirect_uris: ["https://app.example/%zz"] }, false),
    ).toThrow();
    expect(() =>
      validateClientMetadata(
        {
          client_name: "App",
          redirect_uris: ["https://app.example/cb"],
          client_uri: "https://app.example/\u00e9",
        },
        false,
      ),
    ).toThrow();
  });
});
