import { TestClock } from "@kurz/clock";
import { Browser } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

const EMAIL = "dashboard-flow@example.com";
const PASSWORD = "correct horse battery staple";

let flow: FlowKurz;
const clock = new TestClock();

beforeAll(async () => {
  flow = await startFlowKurz("dashboard", {}, { clock });
});

afterAll(async () => {
  await flow?.stop();
});

/** A browser session's JSON calls to the dashboard (cookies from the browser's jar). */
function dashboardApi(browser: Browser) {
  return async (
    method: string,
    path: string,
    options: { body?: unknown; csrf?: string; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${flow.edgeUrl}${path}`, {
      method,
      redirect: "manual",
      headers: {
        cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(options.csrf ? { "x-csrf-token": options.csrf } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {}
    // biome-ignore lint/suspicious/noExplicitAny: JSON bodies under test
    return { status: response.status, headers: response.headers, body: body as any, text };
  };
}

/** Signs up at auth-server, then opens the dashboard: log-in → authorize → callback → /app/. */
async function signedInBrowser(email: string): Promise<Browser> {
  const browser = new Browser(flow.edgeUrl);
  await browser.signUp(email, PASSWORD, "Dashboard Person");
  const opened = await browser.get("/app/links");
  expect(opened.status).toBe(302);
  expect(opened.location).toBe(`/app/auth/login?return_to=${encodeURIComponent("/app/links")}`);
  const login = await browser.get(opened.location ?? "");
  expect(login.location).toMatch(/\/mcp\/oauth\/authorize\?/);
  // Signed in at auth-server already, and the dashboard is first-party: no consent page.
  const authorized = await browser.get(login.location ?? "");
  expect(authorized.status).toBe(302);
  expect(authorized.location).toMatch(/\/app\/auth\/callback\?code=/);
  const callback = await browser.get(authorized.location ?? "");
  expect(callback.status).toBe(302);
  expect(callback.location).toBe("/app/links");
  // The cookie lives to the session's absolute limit (30 days), not the idle time: use renews it.
  const cookie = callback.headers.getSetCookie().find((line) => line.startsWith("kurz_app="));
  expect(cookie).toMatch(/Max-Age=2592000(;|$)/);
  return browser;
}

describe("the dashboard's backend-for-frontend", () => {
  it("signs in through auth-server without a consent page and keeps the tokens server-side", async () => {
    const browser = await signedInBrowser(EMAIL);
    const sessionCookie = [...browser.cookies.keys()].find((name) => name === "kurz_app");
    expect(sessionCookie).toBe("kurz_app");
    const api = dashboardApi(browser);
    const session = await api("GET", "/app/session");
    expect(session.body).toMatchObject({ signedIn: true });
    expect(session.body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Nothing the browser can read carries a token.
    expect(session.text).not.toMatch(/eyJ|kurz_rt_/);
    expect([...browser.cookies.values()].join(" ")).not.toMatch(/eyJ|kurz_rt_/);

    const account = await api("GET", "/app/api/v1/account");
    expect(account.status).toBe(200);
    expect(account.body.account.email).toBe(EMAIL);
  });

  it("relays API calls with the session's token; a state-changing call needs the CSRF token", async () => {
    const browser = await signedInBrowser("csrf@example.com");
    const api = dashboardApi(browser);
    const { csrfToken } = (await api("GET", "/app/session")).body;
    const link = { url: "https://example.com/dashboard", customAlias: "dash-csrf" };

    const forged = await api("POST", "/app/api/v1/urls", { body: link });
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ success: false, code: "CSRF_FAILED" });
    const crossSite = await api("POST", "/app/api/v1/urls", {
      body: link,
      csrf: csrfToken,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const wrong = await api("POST", "/app/api/v1/urls", { body: link, csrf: "x".repeat(43) });
    expect(wrong.status).toBe(403);
    expect((await api("GET", "/app/api/v1/urls")).body.data ?? []).toHaveLength(0);

    const created = await api("POST", "/app/api/v1/urls", { body: link, csrf: csrfToken });
    expect(created.status).toBe(201);
    const listed = await api("GET", "/app/api/v1/urls");
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain("dash-csrf");
    // The dashboard's own rate window (DASHBOARD_REQUESTS_PER_MINUTE), not the Free plan's 60 a minute.
    expect(listed.headers.get("ratelimit-policy")).toBe('"default";q=600;w=60');
    expect(listed.headers.get("ratelimit")).toMatch(/^"default";r=\d+;t=\d+$/);
    // The API's own errors come through as they are.
    const invalid = await api("POST", "/app/api/v1/urls", { body: { url: "not a url" }, csrf: csrfToken });
    expect(invalid.status).toBe(400);
    expect(invalid.body.success).toBe(false);
  });

  it("relays only the public API, and nothing without a session", async () => {
    const browser = await signedInBrowser("scope@example.com");
    const api = dashboardApi(browser);
    expect((await api("GET", "/app/api/v1/nothing-here")).status).toBe(404);
    // Only /api/v1/ (the public REST API): not the OAuth endpoints, the MCP server or the pages.
    expect((await api("GET", "/app/api/internal/token")).status).toBe(404);
    expect((await api("GET", "/app/api/mcp/tools")).status).toBe(404);
    const anonymous = dashboardApi(new Browser(flow.edgeUrl));
    const refused = await anonymous("GET", "/app/api/v1/urls");
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: "AUTHENTICATION_REQUIRED" });
    expect((await anonymous("GET", "/app/session")).body).toEqual({
      signedIn: false,
      signInUrl: "/app/auth/login",
    });
  });

  it("refreshes an expired access token once, even for calls made at the same moment", async () => {
    const browser = await signedInBrowser("refresh@example.com");
    const api = dashboardApi(browser);
    expect((await api("GET", "/app/api/v1/account")).status).toBe(200);
    clock.advance(2 * 3_600_000);
    // Refresh tokens rotate and a reused one revokes the family: five at once must share one refresh.
    const answers = await Promise.all(Array.from({ length: 5 }, () => api("GET", "/app/api/v1/account")));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    clock.advance(2 * 3_600_000);
    expect((await api("GET", "/app/api/v1/account")).status).toBe(200);
  });

  it("refuses a callback that this browser did not start (login CSRF), and a state used twice", async () => {
    const victim = new Browser(flow.edgeUrl);
    await victim.signUp("victim@example.com", PASSWORD, "Victim");
    const attacker = new Browser(flow.edgeUrl);
    await attacker.signUp("attacker@example.com", PASSWORD, "Attacker");
    const login = await attacker.get("/app/auth/login");
    const authorized = await attacker.get(login.location ?? "");
    // The attacker's callback URL, opened in the victim's browser.
    const planted = await victim.get(authorized.location ?? "");
    expect(planted.status).toBe(400);
    expect(planted.body).toContain("expired or was opened in another browser");
    expect([...victim.cookies.keys()]).not.toContain("kurz_app");
    // In the attacker's own browser it works once, and only once.
    expect((await attacker.get(authorized.location ?? "")).status).toBe(302);
    const again = new Browser(flow.edgeUrl);
    expect((await again.get(authorized.location ?? "")).status).toBe(400);
  });

  it("never sends the browser elsewhere after sign-in", async () => {
    const browser = new Browser(flow.edgeUrl);
    await browser.signUp("redirects@example.com", PASSWORD, "Redirects");
    for (const target of [
      "https://evil.example/",
      "//evil.example/app",
      "/app/../auth/logout",
      "/\\evil.example",
    ]) {
      const login = await browser.get(`/app/auth/login?return_to=${encodeURIComponent(target)}`);
      const authorized = await browser.get(login.location ?? "");
      const callback = await browser.get(authorized.location ?? "");
      expect(callback.location, target).toBe("/app/");
    }
  });

  it("signs out: tokens revoked, session gone, the API refuses the old cookie", async () => {
    const browser = await signedInBrowser("signout@example.com");
    const api = dashboardApi(browser);
    const { csrfToken } = (await api("GET", "/app/session")).body;
    const cookie = browser.cookies.get("kurz_app");
    expect((await api("POST", "/app/auth/logout")).status).toBe(403);
    expect((await api("POST", "/app/auth/logout", { csrf: csrfToken })).status).toBe(204);
    // Replaying the old cookie gets nothing.
    browser.cookies.set("kurz_app", cookie ?? "");
    expect((await api("GET", "/app/session")).body.signedIn).toBe(false);
    expect((await api("GET", "/app/api/v1/account")).status).toBe(401);
    const page = await browser.get("/app/signed-out");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Sign in again");
  });

  // Last: it moves the shared clock a week on.
  it("on the clock: a sign-in left open over 10 minutes starts again; a session unused for its idle time ends, a used one does not", async () => {
    const browser = new Browser(flow.edgeUrl);
    await browser.signUp("clock@example.com", PASSWORD, "Clock Person");
    const login = await browser.get("/app/auth/login");
    clock.advance(10 * 60_000 + 1_000);
    const authorized = await browser.get(login.location ?? "");
    expect(authorized.location).toMatch(/\/app\/auth\/callback\?code=/);
    const late = await browser.get(authorized.location ?? "");
    expect(late.status).toBe(400);
    expect(late.body).toContain("expired");
    expect([...browser.cookies.keys()]).not.toContain("kurz_app");

    const idle = await signedInBrowser("idle@example.com");
    const active = await signedInBrowser("active@example.com");
    // Six days on, the active person's call renews the session (any use does).
    clock.advance(6 * 24 * 3_600_000);
    expect((await dashboardApi(active)("GET", "/app/api/v1/account")).status).toBe(200);
    clock.advance(24 * 3_600_000 + 60_000);
    expect((await dashboardApi(idle)("GET", "/app/session")).body.signedIn).toBe(false);
    expect((await dashboardApi(idle)("GET", "/app/api/v1/account")).status).toBe(401);
    expect((await dashboardApi(active)("GET", "/app/session")).body.signedIn).toBe(true);
    expect((await dashboardApi(active)("GET", "/app/api/v1/account")).status).toBe(200);
  });
});
