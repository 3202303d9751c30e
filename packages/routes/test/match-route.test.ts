import { describe, expect, it } from "vitest";
import { findRoute, matchRoute, ROUTE_TABLE } from "../src";

describe("matchRoute", () => {
  it("sends OAuth endpoints to the auth server even though they live under /mcp", () => {
    expect(matchRoute("/mcp/oauth/token")).toBe("auth-server");
    expect(matchRoute("/mcp/oauth/authorize?client_id=x")).toBe("auth-server");
    expect(matchRoute("/.well-known/oauth-authorization-server")).toBe("auth-server");
  });

  it("sends the MCP endpoints to the MCP gateway", () => {
    expect(matchRoute("/mcp")).toBe("mcp-gateway");
    expect(matchRoute("/mcp?x=1")).toBe("mcp-gateway");
    expect(matchRoute("/mcp/sse")).toBe("mcp-gateway");
    expect(matchRoute("/mcp/tools")).toBe("mcp-gateway");
  });

  it("does not treat a short code that starts like a prefix as that prefix", () => {
    expect(matchRoute("/mcpx")).toBe("redirector");
    expect(matchRoute("/authors")).toBe("redirector");
    expect(matchRoute("/api/v1/urlsx")).toBe("redirector");
  });

  it("routes each REST family to its owner", () => {
    expect(matchRoute("/api/v1/urls")).toBe("link-api");
    expect(matchRoute("/api/v1/urls/abc")).toBe("link-api");
    expect(matchRoute("/api/v1/qr")).toBe("link-api");
    expect(matchRoute("/api/v1/qr-codes/generate")).toBe("link-api");
    expect(matchRoute("/api/v1/analytics/abc")).toBe("analytics-ingest");
    expect(matchRoute("/api/v1/conversions")).toBe("analytics-ingest");
    expect(matchRoute("/api/v1/ab-tests/1/start")).toBe("abtest-engine");
    expect(matchRoute("/api/v1/webhooks")).toBe("webhook-dispatcher");
  });

  it("sends everything else, short codes included, to the redirector", () => {
    expect(matchRoute("/")).toBe("redirector");
    expect(matchRoute("/abc123")).toBe("redirector");
    expect(matchRoute("/abc123/password")).toBe("redirector");
  });

  it("says which paths belong in the API document: REST and OAuth, not pages, docs or MCP", () => {
    expect(findRoute("/api/v1/urls/:code")?.openapi).toBe(true);
    expect(findRoute("/mcp/oauth/token")?.openapi).toBe(true);
    expect(findRoute("/auth/login")?.openapi).toBe(false);
    expect(findRoute("/api/v1/docs/json")?.openapi).toBe(false);
    expect(findRoute("/mcp/tools")?.openapi).toBe(false);
    expect(findRoute("/abc123")).toBeUndefined();
  });

  it("has no duplicate prefixes", () => {
    const prefixes = ROUTE_TABLE.map((r) => r.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});
