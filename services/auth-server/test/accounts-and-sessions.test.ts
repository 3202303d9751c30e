import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, hiddenFields } from "./support/browser";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

let server: TestAuthServer;
const PASSWORD = "a long enough password";

beforeAll(async () => {
  server = await startTestAuthServer({
    LOGIN_FAILURES_PER_ACCOUNT: "3",
    LOGIN_FAILURES_PER_IP: "5",
    SIGNUPS_OF_TAKEN_EMAILS_PER_HOUR_PER_IP: "3",
  });
});

afterAll(async () => {
  await server?.stop();
});

/** A browser acting from its own client address (the server trusts X-Forwarded-For from loopback). */
const browserFrom = (ip: string) => new Browser(server.url, { "x-forwarded-for": ip });

function sessionCookieLine(headers: Headers): string | undefined {
  return headers.getSetCookie().find((line) => line.startsWith("kurz_session="));
}

describe("sign-up", () => {
  it("signs a person up on the free plan with an HttpOnly, SameSite=Lax session cookie", async () => {
    const browser = browserFrom("10.1.0.1");
    const response = await browser.signUp("new@example.com", PASSWORD, "Ada");
    expect(response.status).toBe(303);
    expect(response.location).toBe("/account");
    const cookie = sessionCookieLine(response.headers) ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const account = await browser.get("/account");
    expect(account.status).toBe(200);
    expect(account.body).toContain("new@example.com");
    expect(account.body).toContain('<span class="plan">Free</span>');
  });

  it("refuses a taken email and a short password, keeping what was typed", async () => {
    await browserFrom("10.1.0.2").signUp("taken@example.com", PASSWORD);
    const taken = await browserFrom("10.1.0.2").signUp("Taken@Example.com", PASSWORD);
    expect(taken.status).toBe(409);
    expect(taken.body).toContain("An account with this email already exists");
    const short = await browserFrom("10.1.0.2").signUp("short@example.com", "short");
    expect(short.status).toBe(400);
    expect(short.body).toContain("Use at least 10 characters.");
    expect(short.body).toContain('value="short@example.com"');
    expect(short.body).toContain('aria-invalid="true"');
    const bad = await browserFrom("10.1.0.2").signUp("not-an-email", PASSWORD);
    expect(bad.body).toContain("Enter a valid email address.");
  });

  it("stops an address naming taken emails: past the limit every sign-up from it gets one 429, new emails too", async () => {
    await browserFrom("10.1.0.9").signUp("known@example.com", PASSWORD);
    const prober = "10.1.0.4";
    for (let i = 0; i < 3; i++) {
      expect((await browserFrom(prober).signUp("known@example.com", PASSWORD)).status).toBe(409);
    }
    const taken = await browserFrom(prober).signUp("known@example.com", PASSWORD);
    const fresh = await browserFrom(prober).signUp("never-seen@example.com", PASSWORD);
    for (const refused of [taken, fresh]) {
      expect(refused.status).toBe(429);
      expect(refused.body).toContain("Too many sign-ups from this address");
      expect(refused.body).not.toContain("already exists");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(taken.headers.get("retry-after")).toBe(fresh.headers.get("retry-after"));
    // Another address is not held back; the prober is once the bucket has refilled.
    expect((await browserFrom("10.1.0.5").signUp("other-new@example.com", PASSWORD)).status).toBe(303);
    server.clock.advance(Number(fresh.headers.get("retry-after")) * 1000);
    expect((await browserFrom(prober).signUp("never-seen@example.com", PASSWORD)).status).toBe(303);
  });

  it("escapes what people type when showing it back", async () => {
    const browser = browserFrom("10.1.0.3");
    await browser.signUp("xss@example.com", PASSWORD, '<script>alert("x")</script>');
    const page = await browser.get("/account");
    expect(page.body).not.toContain("<script>alert");
    expect(page.body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
  });
});

describe("log-in and log-out", () => {
  it("issues a new session id at log-in, never one the browser brought (session fixation)", async () => {
    await browserFrom("10.2.0.1").signUp("rotate@example.com", PASSWORD);
    const browser = browserFrom("10.2.0.1");
    browser.cookies.set("kurz_session", "planted-by-an-attacker");
    expect((await browser.logIn("rotate@example.com", PASSWORD)).status).toBe(303);
    const issued = browser.cookies.get("kurz_session");
    expect(issued).toBeTruthy();
    expect(issued).not.toBe("planted-by-an-attacker");
    expect((await browser.get("/account")).status).toBe(200);
    const planted = new Browser(server.url);
    planted.cookies.set("kurz_session", "planted-by-an-attacker");
    expect((await planted.get("/account")).status).toBe(302);
  });

  it("refuses a log-in form without a valid CSRF token", async () => {
    const browser = browserFrom("10.2.0.2");
    await browser.get("/auth/login");
    const response = await browser.post("/auth/login", { email: "rotate@example.com", password: PASSWORD });
    expect(response.status).toBe(403);
    expect(response.body).toContain("This form expired");
    expect(browser.cookies.get("kurz_session")).toBeUndefined();
  });

  it("answers a wrong password and an unknown email with the same message", async () => {
    const wrong = await browserFrom("10.2.0.3").logIn("rotate@example.com", "not the password");
    const unknown = await browserFrom("10.2.0.4").logIn("nobody@example.com", "not the password");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toContain("Email or password is incorrect.");
    expect(unknown.body).toContain("Email or password is incorrect.");
  });

  it("locks an account after repeated failures, even against the right password", async () => {
    await browserFrom("10.3.0.1").signUp("victim@example.com", PASSWORD);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await browserFrom(`10.3.1.${attempt}`).logIn("victim@example.com", "guess")).status).toBe(401);
    }
    const locked = await browserFrom("10.3.2.1").logIn("victim@example.com", PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(locked.body).toContain("Too many failed attempts");
    // Other accounts are unaffected.
    expect((await browserFrom("10.3.2.1").logIn("rotate@example.com", PASSWORD)).status).toBe(303);
    // The lock lasts as long as it said, on the service's clock: half a minute before its end it
    // still holds, after it the right password logs in. (The clock also runs in real time: a
    // one-second margin was spent by a slow log-in on a busy machine.)
    const retryAfterSec = Number(locked.headers.get("retry-after"));
    expect(retryAfterSec).toBeGreaterThan(60);
    server.clock.advance(retryAfterSec * 1000 - 30_000);
    expect((await browserFrom("10.3.2.2").logIn("victim@example.com", PASSWORD)).status).toBe(429);
    server.clock.advance(30_000);
    expect((await browserFrom("10.3.2.3").logIn("victim@example.com", PASSWORD)).status).toBe(303);
  });

  it("locks an address after repeated failures across accounts", async () => {
    const attacker = "10.4.0.66";
    for (let attempt = 0; attempt < 5; attempt++) {
      await browserFrom(attacker).logIn(`spray${attempt}@example.com`, "guess");
    }
    expect((await browserFrom(attacker).logIn("rotate@example.com", PASSWORD)).status).toBe(429);
    expect((await browserFrom("10.4.0.67").logIn("rotate@example.com", PASSWORD)).status).toBe(303);
  });

  it("counts an IPv6 client by its /64: rotating addresses within it buys no fresh budget", async () => {
    // One subscriber is given a whole /64; each attempt comes from another address inside it.
    for (let attempt = 0; attempt < 5; attempt++) {
      await browserFrom(`2001:db8:4:66::${attempt + 1}`).logIn(`spray6-${attempt}@example.com`, "guess");
    }
    expect((await browserFrom("2001:db8:4:66:ffff::9").logIn("rotate@example.com", PASSWORD)).status).toBe(
      429,
    );
    expect((await browserFrom("2001:db8:4:67::1").logIn("rotate@example.com", PASSWORD)).status).toBe(303);
    const prober = (n: number) => browserFrom(`2001:db8:5:1::${n}`);
    for (let i = 0; i < 3; i++) {
      expect((await prober(i + 1).signUp("known@example.com", PASSWORD)).status).toBe(409);
    }
    expect((await prober(99).signUp("fresh-v6@example.com", PASSWORD)).status).toBe(429);
  });

  it("logs out only with a CSRF token, ending the session", async () => {
    const browser = browserFrom("10.5.0.1");
    await browser.signUp("leaver@example.com", PASSWORD);
    expect((await browser.post("/auth/logout", {})).status).toBe(403);
    expect((await browser.get("/account")).status).toBe(200);
    const page = await browser.get("/account");
    const out = await browser.post("/auth/logout", hiddenFields(page.body, "/auth/logout"));
    expect(out.status).toBe(303);
    expect(out.location).toBe("/auth/login");
    expect((await browser.get("/account")).status).toBe(302);
  });

  it("sends people who are not logged in to log-in and back where they were", async () => {
    const browser = browserFrom("10.6.0.1");
    const gate = await browser.get("/account/api-keys");
    expect(gate.status).toBe(302);
    expect(gate.location).toBe("/auth/login?return_to=%2Faccount%2Fapi-keys");
    const login = await browser.get(gate.location ?? "");
    const back = await browser.post("/auth/login", {
      ...hiddenFields(login.body, "/auth/login"),
      email: "rotate@example.com",
      password: PASSWORD,
    });
    expect(back.location).toBe("/account/api-keys");
  });

  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example"])(
    "never redirects off-site after log-in (return_to=%s)",
    async (returnTo) => {
      const browser = browserFrom("10.7.0.1");
      const login = await browser.get(`/auth/login?return_to=${encodeURIComponent(returnTo)}`);
      const response = await browser.post("/auth/login", {
        ...hiddenFields(login.body, "/auth/login"),
        return_to: returnTo,
        email: "rotate@example.com",
        password: PASSWORD,
      });
      expect(response.location).toBe("/account");
    },
  );
});

describe("cookies behind https", () => {
  it("marks the session and CSRF cookies Secure when PUBLIC_BASE_URL is https", async () => {
    const https = await startTestAuthServer({ PUBLIC_BASE_URL: "https://kurz.example" });
    try {
      const browser = new Browser(https.url);
      const page = await browser.get("/auth/signup");
      expect(page.headers.getSetCookie().find((c) => c.startsWith("kurz_csrf="))).toMatch(/Secure/);
      const response = await browser.signUp("secure@example.com", PASSWORD);
      expect(sessionCookieLine(response.headers)).toMatch(/; Secure/);
      const metadata = (await (
        await fetch(`${https.url}/.well-known/oauth-authorization-server`)
      ).json()) as {
        issuer: string;
      };
      expect(metadata.issuer).toBe("https://kurz.example");
    } finally {
      await https.stop();
    }
  });
});
