import { describe, expect, it } from "vitest";
import { compileRules, evaluateRules, explainRules } from "../src";
import { compile, userAgents, visit } from "./support/visit";

const rules = compile([
  {
    id: "german",
    name: "German speakers",
    destination_url: "https://example.com/de",
    conditions: [{ type: "language", values: ["de"] }],
  },
  {
    id: "dach-mobile",
    destination_url: "https://example.com/dach-mobile",
    conditions: [
      { type: "country", values: ["DE", "AT"] },
      { type: "device", values: ["mobile"] },
    ],
  },
  {
    id: "dach",
    destination_url: "https://example.com/dach",
    conditions: [{ type: "country", values: ["DE", "AT"] }],
  },
]);

describe("evaluating a link's rules", () => {
  it("sends the visitor to the first rule whose conditions all hold", () => {
    const austrianPhone = visit({
      userAgent: userAgents.iphone,
      country: "AT",
      acceptLanguage: "fr-FR, en;q=0.8",
    });
    expect(evaluateRules(rules, austrianPhone)).toBe(1);
    const austrianDesktop = visit({ country: "AT", acceptLanguage: "fr-FR" });
    expect(evaluateRules(rules, austrianDesktop)).toBe(2);
    const germanSpeakerInAustria = visit({
      userAgent: userAgents.iphone,
      country: "AT",
      acceptLanguage: "de-AT",
    });
    expect(evaluateRules(rules, germanSpeakerInAustria)).toBe(0);
  });

  it("falls back to the link's own URL (-1) when no rule matches, or there are none", () => {
    expect(evaluateRules(rules, visit({ country: "FR" }))).toBe(-1);
    expect(evaluateRules(compileRules([]), visit())).toBe(-1);
  });
});

describe("explaining a redirect", () => {
  it("names each rule's first failing condition, up to the matching rule", () => {
    const visitor = visit({ country: "AT", acceptLanguage: "fr-FR, en;q=0.8" });
    expect(explainRules(rules, visitor)).toEqual({
      index: 2,
      lines: [
        "rule 1 'German speakers': language de — no (visitor: fr-FR, en;q=0.8)",
        "rule 2: device mobile — no (visitor: desktop)",
        "rule 3: country DE, AT — yes (visitor: AT)",
        "→ https://example.com/dach",
      ],
    });
  });

  it("lists every condition of the matching rule with what the visitor had", () => {
    const visitor = visit({ userAgent: userAgents.samsung, country: "DE" });
    expect(explainRules(rules, visitor).lines.slice(1)).toEqual([
      "rule 2: country DE, AT and device mobile — yes (visitor: DE; mobile)",
      "→ https://example.com/dach-mobile",
    ]);
  });

  it("says when the link's own URL is used and what was unknown", () => {
    const visitor = visit({ userAgent: "" });
    expect(explainRules(rules, visitor)).toEqual({
      index: -1,
      lines: [
        "rule 1 'German speakers': language de — no (visitor: none)",
        "rule 2: country DE, AT — no (visitor: unknown)",
        "rule 3: country DE, AT — no (visitor: unknown)",
        "no rule matched → the link's own URL",
      ],
    });
  });

  it("shows times, addresses, hosts and query parameters as the visitor had them", () => {
    const explained = explainRules(
      compile([
        {
          id: "mail",
          destination_url: "https://example.com/mail",
          conditions: [{ type: "query_param", name: "ref", value: "mail" }],
        },
        {
          id: "all",
          destination_url: "https://example.com/all",
          conditions: [
            { type: "after", at: "2026-01-01T00:00:00+01:00" },
            { type: "ip", values: ["192.0.2.0/24"] },
            { type: "referrer_host", values: ["example.com"] },
          ],
        },
      ]),
      visit({
        time: Date.parse("2026-03-01T00:00:00Z"),
        ip: "::ffff:192.0.2.1",
        referer: "https://www.example.com/x",
        query: "ref=web&ref=app",
      }),
    );
    expect(explained.lines).toEqual([
      "rule 1: query_param ref=mail — no (visitor: ref=web, ref=app)",
      "rule 2: after 2025-12-31T23:00:00.000Z and ip 192.0.2.0/24 and referrer_host example.com — yes (visitor: 2026-03-01T00:00:00.000Z; 192.0.2.1; www.example.com)",
      "→ https://example.com/all",
    ]);
  });
});
