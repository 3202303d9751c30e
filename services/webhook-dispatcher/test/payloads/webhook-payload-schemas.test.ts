import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "../../src/payloads/webhook-event-types";
import {
  WEBHOOK_PAYLOADS,
  webhookBodySchema,
  webhookExampleBody,
  webhookPayloadJsonSchema,
} from "../../src/payloads/webhook-payload-schemas";

function ajv() {
  const instance = new Ajv2020({ strict: true, allErrors: true });
  addFormats(instance);
  return instance;
}

describe("the webhook payload catalogue", () => {
  it("defines a payload for every event type and nothing else", () => {
    expect(Object.keys(WEBHOOK_PAYLOADS).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });

  it("names every payload kurz.webhook.<type>.v<version>, starting at version 1", () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      const definition = WEBHOOK_PAYLOADS[type];
      expect(definition.version).toBe(1);
      expect(definition.name).toBe(`kurz.webhook.${type}.v1`);
      expect(definition.description.length).toBeGreaterThan(10);
    }
  });

  it.each(WEBHOOK_EVENT_TYPES)("accepts the %s example exactly as written", (type) => {
    const { schema, example } = WEBHOOK_PAYLOADS[type];
    // Parsing strips unknown keys: equality proves the example has no key the schema lacks.
    expect(schema.parse(example)).toEqual(example);
    expect(webhookBodySchema(type).parse(webhookExampleBody(type))).toEqual(webhookExampleBody(type));
  });

  it.each(WEBHOOK_EVENT_TYPES)(
    "publishes a 2020-12 JSON Schema of the %s body that accepts its example",
    (type) => {
      const jsonSchema = webhookPayloadJsonSchema(type);
      expect(jsonSchema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(jsonSchema.$id).toBe(`kurz.webhook.${type}.v1`);
      const validate = ajv().compile(jsonSchema);
      const valid = validate(webhookExampleBody(type));
      expect(validate.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
      expect(validate({ ...webhookExampleBody(type), type: "something.else" })).toBe(false);
      expect(validate({ ...webhookExampleBody(type), timestamp: "yesterday" })).toBe(false);
    },
  );

  it("keeps the JSON Schemas open to fields added within a version", () => {
    const validate = ajv().compile(webhookPayloadJsonSchema("link.created"));
    const body = webhookExampleBody("link.created");
    expect(validate({ ...body, data: { ...body.data, name: "Spring sale" } })).toBe(true);
  });

  it("describes every field of every payload", () => {
    const undescribed: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node !== "object" || node === null) return;
      const { properties, items, anyOf } = node as {
        properties?: Record<string, { description?: unknown }>;
        items?: unknown;
        anyOf?: unknown[];
      };
      for (const [name, property] of Object.entries(properties ?? {})) {
        if (typeof property.description !== "string") undescribed.push(`${path}.${name}`);
        walk(property, `${path}.${name}`);
      }
      walk(items, `${path}[]`);
      for (const branch of anyOf ?? []) walk(branch, path);
    };
    for (const type of WEBHOOK_EVENT_TYPES) walk(webhookPayloadJsonSchema(type), type);
    expect(undescribed).toEqual([]);
  });

  it("never defines a password, hash, IP address or user agent field", () => {
    const forbidden = /password(?!_protected)|hash|(^|_)ip($|_)|user_agent/;
    for (const type of WEBHOOK_EVENT_TYPES) {
      const keys = JSON.stringify(webhookPayloadJsonSchema(type).properties).match(/"[a-z_]+":/g) ?? [];
      expect(keys.filter((key) => forbidden.test(key.slice(1, -2)))).toEqual([]);
    }
  });
});
