import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import type { TestLinkSnapshot } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { type RedirectorHarness, startRedirectorHarness } from "./redirector-harness";

const HOST = "kurz.test";
const BRANDED = "go.brand-example.com";
const expired: TestLinkSnapshot = {
  linkId: "00000000-0000-4000-8000-000000000002",
  accountId: "0b9d7a3e-5f7e-4c1a-9a57-6f1f3f8c1a01",
  host: HOST,
  code: "ended1",
  destinationUrl: "https://example.com/ended",
  trackingEnabled: true,
  version: 1n,
  expiresAt: timestampFromMs(Date.now() - 60_000),
};
const link: TestLinkSnapshot = {
  linkId: "00000000-0000-4000-8000-000000000001",
  accountId: "0b9d7a3e-5f7e-4c1a-9a57-6f1f3f8c1a01",
  host: HOST,
  code: "known1",
  destinationUrl: "https://example.com/known",
  trackingEnabled: true,
  version: 1n,
};

/**
 * ROOT_REDIRECT_URL and NOT_FOUND_REDIRECT_URL: the standard short host's root and unknown codes
 * go where the operator says; branded domains and subdomains keep the 404 page.
 */
describe("the standard short host's root and unknown codes", () => {
  let h: RedirectorHarness;
  beforeAll(async () => {
    h = await startRedirectorHarness([link, expired], {
      ROOT_REDIRECT_URL: "/app/",
      NOT_FOUND_REDIRECT_URL: "https://www.example.com/missing",
      EXPIRED_REDIRECT_URL: "https://www.example.com/ended",
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("sends the root to ROOT_REDIRECT_URL with a 302 nobody caches, on the host and its aliases", async () => {
    for (const host of [HOST, `${HOST}:8080`, "127.0.0.1"]) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await h.http(method, "/", { host });
        expect(answer.statusCode, `${method} / on ${host}`).toBe(302);
        expect(answer.headers.location).toBe("/app/");
        expect(answer.headers["cache-control"]).toBe("no-store");
      }
    }
  });

  it("sends an unknown code to NOT_FOUND_REDIRECT_URL, a known one to its destination", async () => {
    const unknown = await h.http("GET", "/nothing-here", { host: HOST });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe("https://www.example.com/missing");
    // A code that cannot be one (not a code's characters) is unknown too.
    expect((await h.http("GET", "/not.a.code", { host: HOST })).statusCode).toBe(404);
    const known = await h.http("GET", "/known1", { host: HOST });
    expect(known.statusCode).toBe(301);
    expect(known.headers.location).toBe("https://example.com/known");
  });

  it("sends an expired link without an expired URL of its own to EXPIRED_REDIRECT_URL", async () => {
    const answer = await h.http("GET", "/ended1", { host: HOST });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe("https://www.example.com/ended");
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it("keeps the 404 page on other hosts (branded domains, subdomains)", async () => {
    for (const host of [BRANDED, `acme.${HOST}`]) {
      const root = await h.http("GET", "/", { host });
      expect(root.statusCode, `/ on ${host}`).toBe(404);
      expect(root.body).toContain("Link not found");
      expect((await h.http("GET", "/nothing-here", { host })).statusCode).toBe(404);
    }
  });
});

describe("ROOT_REDIRECT_URL and NOT_FOUND_REDIRECT_URL (configuration)", () => {
  it("takes absolute http(s) URLs and same-host paths; empty is unset", () => {
    const config = loadConfig({ ROOT_REDIRECT_URL: "https://kurz.example/", NOT_FOUND_REDIRECT_URL: "" });
    expect(config.ROOT_REDIRECT_URL).toBe("https://kurz.example/");
    expect(config.NOT_FOUND_REDIRECT_URL).toBeUndefined();
    expect(loadConfig({ ROOT_REDIRECT_URL: "/app/" }).ROOT_REDIRECT_URL).toBe("/app/");
    expect(loadConfig({}).ROOT_REDIRECT_URL).toBeUndefined();
  });

  it("refuses what would send visitors elsewhere than meant", () => {
    for (const value of [
      "//evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "ftp://x.example/",
      "app",
    ]) {
      expect(() => loadConfig({ ROOT_REDIRECT_URL: value }), value).toThrow(/ROOT_REDIRECT_URL/);
      expect(() => loadConfig({ NOT_FOUND_REDIRECT_URL: value }), value).toThrow(/NOT_FOUND_REDIRECT_URL/);
    }
  });
});
