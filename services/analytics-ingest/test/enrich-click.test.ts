import { createUserAgentClassifier } from "@kurz/click-enrichment";
import { describe, expect, it } from "vitest";
import type { VisitorHasher } from "../src/enrichment/visitor-hasher";
import type { DecodedClick } from "../src/ingest/decode-click";
import { createClickEnricher } from "../src/ingest/enrich-click";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

const visitors: VisitorHasher = {
  saltFor: () => Buffer.alloc(16),
  hash: () => 1,
} as unknown as VisitorHasher;

const enricher = createClickEnricher({
  classifyUserAgent: createUserAgentClassifier(),
  geo: { locate: () => ({ country: "", region: "", city: "", regionCode: "" }), source: "none" },
  visitors,
});

function click(fields: Partial<DecodedClick>): DecodedClick {
  return {
    clickId: "0193a4c2-7b1e-7c3a-9d1e-2b4c6d8e0f12",
    clickedAtMs: Date.UTC(2026, 5, 1),
    accountId: "a",
    linkId: "l",
    host: "localhost",
    code: "abc",
    destinationUrl: "https://example.com",
    qr: false,
    abTestId: "",
    variantId: "",
    abVisitorId: "",
    userAgent: CHROME,
    referrer: "",
    utm: undefined,
    ip: "203.0.113.9",
    method: 1,
    campaignId: "",
    manual: false,
    ruleId: "",
    preview: false,
    ...fields,
  };
}

describe("a click's row", () => {
  it("keeps the rule that chose the destination", async () => {
    const row = await enricher.enrich(click({ ruleId: "de-speakers" }));
    expect(row).toMatchObject({ rule_id: "de-speakers", is_bot: false });
  });

  it("is a bot's, reason preview, when a link-preview crawler was shown the card, whatever its agent", async () => {
    const row = await enricher.enrich(click({ preview: true }));
    expect(row).toMatchObject({ is_bot: true, bot_reason: "preview", device_type: "" });
    const person = await enricher.enrich(click({}));
    expect(person).toMatchObject({ is_bot: false, bot_reason: "", device_type: "desktop" });
  });
});
