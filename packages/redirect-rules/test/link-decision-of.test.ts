import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { linksV1 } from "@kurz/proto";
import { describe, expect, it } from "vitest";
import { decideVisit, linkDecisionOf } from "../src";
import { visit } from "./support/visit";

function snapshot(fields: Parameters<typeof create<typeof linksV1.LinkSnapshotSchema>>[1]) {
  return create(linksV1.LinkSnapshotSchema, { destinationUrl: "https://example.com/", ...fields });
}

describe("a link's decision from its snapshot", () => {
  it("is absent for a link without rules, app links or card (its visits build nothing)", () => {
    expect(linkDecisionOf(snapshot({}))).toBeUndefined();
  });

  it("compiles the snapshot's rules, says what they read, and keeps app links and card", () => {
    const decision = linkDecisionOf(
      snapshot({
        iosUrl: "https://apps.apple.com/app/id1",
        ogImage: "https://cdn.example.com/c.png",
        rules: [
          {
            id: "late-de",
            name: "Late German visitors",
            destinationUrl: "https://example.com/de",
            conditions: [
              { type: "country", values: ["de"] },
              { type: "after", at: timestampFromMs(Date.parse("2026-01-01T00:00:00Z")) },
            ],
          },
          {
            id: "mail",
            destinationUrl: "https://example.com/mail",
            conditions: [{ type: "query_param", name: "ref", value: "mail" }],
          },
        ],
      }),
    );
    expect(decision).toMatchObject({
      needsGeo: true,
      card: { title: "", description: "", image: "https://cdn.example.com/c.png" },
      inputs: { iosUrl: "https://apps.apple.com/app/id1", androidUrl: "", hasCard: true },
    });
    expect(decision?.inputs.rules.reads).toEqual({
      languages: false,
      geo: true,
      ip: false,
      referrer: false,
      query: true,
    });
    const inputs = decision?.inputs as NonNullable<typeof decision>["inputs"];
    expect(decideVisit(inputs, { visitor: visit({ country: "DE" }), crawler: false }).rule).toEqual({
      id: "late-de",
      name: "Late German visitors",
      index: 0,
    });
    expect(
      decideVisit(inputs, {
        visitor: visit({ country: "DE", time: Date.parse("2025-06-01T00:00:00Z") }),
        crawler: false,
      }).matched,
    ).toBe("default");
    expect(decideVisit(inputs, { visitor: visit({ query: "ref=mail" }), crawler: false }).rule?.id).toBe(
      "mail",
    );
  });

  it("serves the link's own URL when a rule cannot be read (a condition type it does not know)", () => {
    const decision = linkDecisionOf(
      snapshot({
        rules: [
          {
            id: "x",
            destinationUrl: "https://example.com/x",
            conditions: [{ type: "weather", values: ["rain"] }],
          },
        ],
      }),
    );
    expect(decision?.inputs.rules.rules).toEqual([]);
  });
});
