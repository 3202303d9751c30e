import { WEBHOOK_EVENT_TYPES } from "@kurz/webhook-dispatcher";
import { describe, expect, it } from "vitest";
import { toolListing } from "../src/mcp/tool-listing";
import { ALL_TOOLS } from "../src/tools/all-tools";
import { SUBSCRIBABLE_WEBHOOK_EVENT_TYPES } from "../src/tools/webhooks/webhook-output";

/** Parameters an agent must fill in from context: each shows what a value looks like. */
const NEEDS_EXAMPLE = new Set([
  "shortCode",
  "shortUrlId",
  "id",
  "subdomain",
  "domain",
  "url",
  "period",
  "limit",
]);

type Property = {
  examples?: unknown[];
  enum?: unknown[];
  default?: unknown;
  type?: string;
  anyOf?: Property[];
};

describe("the webhook tools", () => {
  it("offer exactly the event types webhook-dispatcher delivers (less webhook.test)", () => {
    expect([...SUBSCRIBABLE_WEBHOOK_EVENT_TYPES]).toEqual(
      WEBHOOK_EVENT_TYPES.filter((type) => type !== "webhook.test"),
    );
  });
});

describe("the tool list an agent reads", () => {
  const listings = ALL_TOOLS.map(toolListing);

  it("has 97 distinct names (the 6 webhook and 8 workspace tools among them), each 1-64 characters of [A-Za-z0-9_.-]", () => {
    const names = listings.map((tool) => tool.name);
    expect(new Set(names).size).toBe(97);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_.-]{1,64}$/);
  });

  it("describes, annotates and types every tool, in and out", () => {
    for (const tool of listings) {
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(Object.keys(tool.annotations ?? {}).sort(), tool.name).toEqual(
        ["destructiveHint", "idempotentHint", "openWorldHint", "readOnlyHint", "title"].sort(),
      );
    }
  });

  it("gives an example (or the allowed values, or a number's default) for every id, address, period and limit", () => {
    for (const tool of listings) {
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, Property>;
      for (const [name, property] of Object.entries(properties)) {
        if (!NEEDS_EXAMPLE.has(name)) continue;
        // A number's default shows its scale; a string must show its shape.
        const shown = [property, ...(property.anyOf ?? [])].some(
          (p) =>
            (p.examples?.length ?? 0) > 0 ||
            (p.enum?.length ?? 0) > 0 ||
            (p.type === "integer" && p.default !== undefined),
        );
        expect(shown, `${tool.name}.${name}: ${JSON.stringify(property)}`).toBe(true);
      }
    }
  });
});
