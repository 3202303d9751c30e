import { create } from "@bufbuild/protobuf";
import { linksV1 } from "@kurz/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedirectorHarness, startRedirectorHarness } from "./redirector-harness";

const HOST = "kurz.test";

describe("a geo database that cannot be opened", () => {
  let h: RedirectorHarness;

  beforeAll(async () => {
    h = await startRedirectorHarness(
      [
        {
          linkId: "00000000-0000-4000-8000-ff0000000001",
          accountId: "0b9d7a3e-5f7e-4c1a-9a57-6f1f3f8c1a01",
          host: HOST,
          code: "geo1",
          destinationUrl: "https://example.com/geo1",
          trackingEnabled: true,
          version: 1n,
          rules: [
            create(linksV1.RedirectRuleSchema, {
              id: "de",
              destinationUrl: "https://example.com/geo1/de",
              conditions: [{ type: "country", values: ["DE"] }],
            }),
          ],
        },
      ],
      { GEOIP_DATABASE_PATH: "/nonexistent/kurz-geo.mmdb" },
    );
  });

  afterAll(async () => {
    await h?.close();
  });

  it("leaves geo conditions unknown: the link's own URL, not an error", async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await h.http("GET", "/geo1", { host: HOST, "x-forwarded-for": "198.51.100.7" });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe("https://example.com/geo1");
    }
  });
});
