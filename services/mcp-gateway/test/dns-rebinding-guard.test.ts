import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerDnsRebindingGuard } from "../src/mcp/dns-rebinding-guard";

function appFor(publicBaseUrl: string, extra: { hosts?: string[]; origins?: string[] } = {}) {
  const app = Fastify({ trustProxy: ["loopback"] });
  registerDnsRebindingGuard(app, {
    publicBaseUrl,
    extraHosts: extra.hosts ?? [],
    extraOrigins: extra.origins ?? [],
  });
  for (const path of ["/mcp", "/mcp/tools", "/mcp/health", "/other"])
    app.get(path, async () => ({ ok: true }));
  app.post("/mcp", async () => ({ ok: true }));
  return app;
}

async function status(app: ReturnType<typeof appFor>, headers: Record<string, string>, url = "/mcp") {
  return (
    await app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", ...headers },
      payload: "{}",
    })
  ).statusCode;
}

describe("the DNS-rebinding guard of the MCP endpoints", () => {
  it("on a loopback public host: any loopback name and port passes, a rebound name is refused with 403", async () => {
    const app = appFor("http://localhost:8080");
    for (const host of ["localhost:8080", "localhost:3006", "127.0.0.1:9", "[::1]:8080", "LOCALHOST"]) {
      expect(await status(app, { host }), host).toBe(200);
      expect(await status(app, { host, origin: `http://${host}` }), host).toBe(200);
    }
    expect(await status(app, { host: "evil.example.com" })).toBe(403);
    expect(await status(app, { host: "localhost:8080", origin: "http://evil.example.com" })).toBe(403);
    expect(await status(app, { host: "localhost:8080", origin: "null" })).toBe(403);
    expect(await status(app, { host: "localhost:8080", origin: "file://" })).toBe(403);
    const refused = await app.inject({ method: "POST", url: "/mcp", headers: { host: "evil.example.com" } });
    expect(refused.json()).toMatchObject({
      jsonrpc: "2.0",
      error: { data: { code: "FORBIDDEN", success: false } },
    });
  });

  it("reads the host the edge forwards (X-Forwarded-Host from a trusted proxy), not the edge's own", async () => {
    const app = appFor("http://localhost:8080");
    expect(await status(app, { host: "127.0.0.1:3006", "x-forwarded-host": "evil.example.com" })).toBe(403);
    expect(await status(app, { host: "127.0.0.1:3006", "x-forwarded-host": "localhost:8080" })).toBe(200);
  });

  it("on a public deployment: only its own name and the names and origins the operator adds", async () => {
    const app = appFor("https://kurz.example", {
      hosts: ["mcp.kurz.example"],
      origins: ["https://app.partner.example"],
    });
    expect(await status(app, { host: "kurz.example" })).toBe(200);
    expect(await status(app, { host: "mcp.kurz.example" })).toBe(200);
    expect(await status(app, { host: "localhost" })).toBe(403);
    expect(await status(app, { host: "kurz.example", origin: "https://app.partner.example" })).toBe(200);
    expect(await status(app, { host: "kurz.example", origin: "https://kurz.example" })).toBe(200);
    expect(await status(app, { host: "kurz.example", origin: "https://kurz.example.evil.test" })).toBe(403);
  });

  it("leaves health and other paths alone", async () => {
    const app = appFor("https://kurz.example");
    expect((await app.inject({ url: "/mcp/health", headers: { host: "10.0.0.7:3006" } })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: "/other", headers: { host: "evil.example.com" } })).statusCode).toBe(200);
    expect((await app.inject({ url: "/mcp/tools", headers: { host: "evil.example.com" } })).statusCode).toBe(
      403,
    );
  });

  it("guards a percent-encoded, doubled-slash or dot-segment spelling of an MCP path like the plain one", async () => {
    const app = appFor("https://kurz.example");
    for (const url of ["/%6Dcp", "/%6dcp", "/m%63p", "/%6Dcp/tools", "/mcp/%74ools", "//mcp", "/x/../mcp"]) {
      expect(await status(app, { host: "evil.example.com" }, url), url).toBe(403);
    }
    expect(await status(app, { host: "kurz.example" }, "/%6Dcp")).toBe(200);
  });
});
