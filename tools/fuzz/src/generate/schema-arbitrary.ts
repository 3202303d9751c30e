import fc from "fast-check";
import { hostileString, wrongJsonValue } from "./hostile-strings";

/** The JSON Schema subset the OpenAPI document uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  $ref?: string;
}

const URLS = ["https://example.com/", "https://shop.example.org/spring?ref=fuzz", "http://example.net/a/b"];

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case "uri":
    case "url":
      return fc.constantFrom(...URLS);
    case "email":
      return fc.emailAddress();
    case "uuid":
      return fc.uuid();
    case "date-time":
      return fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString());
    default:
      break;
  }
  const max = Math.min(schema.maxLength ?? 30, 30);
  const min = Math.min(schema.minLength ?? 0, max);
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.constantFrom("https://example.com/fuzz", "spring", "fuzz-alias-1", "example.com"),
  );
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000;
  const max = schema.maximum ?? 1_000;
  return integer
    ? fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) })
    : fc.double({ min: Math.max(min, -1e9), max: Math.min(max, 1e9), noNaN: true });
}

/**
 * An arbitrary of values for a schema: mostly values the schema accepts (so requests get past
 * validation to the handlers and the database), now and then a hostile string, a value of the
 * wrong type, or an unknown field.
 */
export function schemaArbitrary(
  schema: JsonSchema | undefined,
  resolve: (ref: string) => JsonSchema,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.oneof(hostileString, wrongJsonValue);
  if (schema.$ref) return schemaArbitrary(resolve(schema.$ref), resolve, depth + 1);
  const valid = validArbitrary(schema, resolve, depth);
  return fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: hostileString, weight: 2 },
    { arbitrary: wrongJsonValue, weight: 1 },
  );
}

function validArbitrary(
  schema: JsonSchema,
  resolve: (ref: string) => JsonSchema,
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => schemaArbitrary(s, resolve, depth + 1)));
  }
  if (schema.allOf && schema.allOf.length > 0) return schemaArbitrary(schema.allOf[0], resolve, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return validString(schema);
    case "integer":
      return validNumber(schema, true);
    case "number":
      return validNumber(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schemaArbitrary(schema.items, resolve, depth + 1), { maxLength: 4 });
    case "object": {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) {
        shape[name] = schemaArbitrary(property, resolve, depth + 1);
      }
      const record = fc.record(shape, { requiredKeys: Object.keys(shape).filter((k) => required.has(k)) });
      return fc.oneof(
        { arbitrary: record, weight: 5 },
        {
          arbitrary: fc
            .tuple(record, hostileString)
            .map(([value, extra]) => ({ ...value, [`unknown_${extra.length}`]: extra })),
          weight: 1,
        },
      );
    }
    default:
      return fc.oneof(hostileString, wrongJsonValue);
  }
}
