import { describe, expect, it } from "vitest";
import { ApiError } from "../web/src/api/api-error";
import { routingCodeOf } from "../web/src/pages/routing/routing-href";
import { newRuleId, type RuleDraft, rulesOf } from "../web/src/pages/routing/rule-draft";
import { ruleErrorsOf } from "../web/src/pages/routing/rule-errors";

const refusal = (issues: { path: string; message: string }[]) =>
  new ApiError(400, { code: "VALIDATION_ERROR", error: "Invalid request", details: { issues } });

describe("the routing page's rules", () => {
  it("files each refusal under the rule or condition its path names", () => {
    const errors = ruleErrorsOf(
      refusal([
        {
          path: "rules",
          message: "rules[1].conditions[0].values[2]: must be an ISO 3166-1 alpha-2 code such as DE",
        },
        { path: "rules[0].destination_url", message: "must be an http(s) URL" },
        { path: "rules/2/conditions/1/at", message: "must be an ISO 8601 instant" },
        { path: "rules[3]", message: "rules[3].id: must be unique" },
      ]),
    );
    expect(Object.fromEntries(errors)).toEqual({
      "cond:1:0": "must be an ISO 3166-1 alpha-2 code such as DE",
      "rule:0:destination_url": "must be an http(s) URL",
      "cond:2:1": "must be an ISO 8601 instant",
      "rule:3": "must be unique",
    });
  });

  it("sends the rules in the order shown, each condition in its type's shape", () => {
    const draft: RuleDraft = {
      id: "dach-mobile",
      name: " DACH mobile ",
      destination: "https://example.com/dach ",
      conditions: [
        { key: "a", type: "country", values: "DE, AT,,CH ", name: "", value: "", at: "" },
        { key: "b", type: "device", values: "tablet, mobile", name: "", value: "", at: "" },
        { key: "c", type: "query_param", values: "", name: "utm_source", value: "", at: "" },
      ],
    };
    expect(rulesOf([draft, { ...draft, id: "second", name: "" }])).toEqual([
      {
        id: "dach-mobile",
        name: "DACH mobile",
        destination_url: "https://example.com/dach",
        conditions: [
          { type: "country", values: ["DE", "AT", "CH"] },
          { type: "device", values: ["mobile", "tablet"] },
          { type: "query_param", name: "utm_source" },
        ],
      },
      expect.objectContaining({ id: "second", destination_url: "https://example.com/dach" }),
    ]);
    expect(rulesOf([draft])[0]).not.toHaveProperty("name", "");
  });

  it("gives a new rule an id the API accepts, unlike the ones taken", () => {
    const id = newRuleId(["rule-a"]);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(id).not.toBe("rule-a");
  });

  it("reads the link from the page's path", () => {
    expect(routingCodeOf("/app/links/spring%20sale/routing")).toBe("spring sale");
    expect(routingCodeOf("/app/links/abc/routing/")).toBe("abc");
    expect(routingCodeOf("/app/links/abc")).toBeUndefined();
  });
});
