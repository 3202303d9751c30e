import { describe, expect, it } from "vitest";
import { clickExportHref } from "../web/src/pages/analytics/click-export-href";
import { linkExportHref } from "../web/src/pages/links/link-export-href";
import { readLinksQuery } from "../web/src/pages/links/links-query";

describe("the export downloads' addresses", () => {
  it("export the list's filters through the relay, without its paging or sort", () => {
    const query = readLinksQuery(
      new URLSearchParams(
        "search=spring sale&tag=launch&campaign=7b0c6b0e-8d65-4a4c-9b51-0a6a8c8e1f00&domain=go.example.com&page=3&sort=clicks",
      ),
    );
    expect(linkExportHref(query, "csv")).toBe(
      "/app/api/v1/urls/export?format=csv&search=spring+sale&tag=launch&campaign_id=7b0c6b0e-8d65-4a4c-9b51-0a6a8c8e1f00&domain=go.example.com",
    );
    expect(linkExportHref(readLinksQuery(new URLSearchParams()), "jsonl")).toBe(
      "/app/api/v1/urls/export?format=jsonl",
    );
  });

  it("export a link's or the account's clicks over the page's period", () => {
    expect(clickExportHref({ kind: "period", period: "30d" }, "launch day")).toBe(
      "/app/api/v1/analytics/launch%20day/clicks/export?format=csv&period=30d",
    );
    // A custom range's last day is included: the API's end is the next midnight.
    expect(clickExportHref({ kind: "custom", from: "2026-11-01", to: "2026-11-15" })).toBe(
      "/app/api/v1/analytics/account/clicks/export?format=csv&startDate=2026-11-01&endDate=2026-11-16",
    );
  });
});
