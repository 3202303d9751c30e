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

/** Values a field of this name accepts, when its schema does not say (no format). */
function byName(name: string): fc.Arbitrary<string> | undefined {
  if (/url|uri/i.test(name)) return fc.constantFrom(...URLS);
  if (/email/i.test(name)) return fc.emailAddress();
  if (/alias|code/i.test(name)) return fc.stringMatching(/^[a-z0-9-]{4,12}$/);
  if (/(_id|Id)$/.test(name)) return fc.uuid();
  if (/currency/i.test(name)) return fc.constantFrom("EUR", "USD", "JPY");
  if (/domain|host/i.test(name)) return fc.constantFrom("go.example.com", "links.example.org");
  if (/date|_at$/i.test(name)) return fc.constantFrom("2031-01-01T00:00:00Z", "2026-11-01T00:00:00.000Z");
  return undefined;
}

function validString(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const named = byName(name);
  if (named && !schema.format) return named;
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
  name = "",
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.oneof(hostileString, wrongJsonValue);
  if (schema.$ref) return schemaArbitrary(resolve(schema.$ref), resolve, depth + 1, name);
  const valid = validArbitrary(schema, resolve, depth, name);
  // Mostly valid, so that a request with several fields still reaches its handler.
  return fc.oneof(
    { arbitrary: valid, weight: 20 },
    { arbitrary: hostileString, weight: 2 },
    { arbitrary: wrongJsonValue, weight: 1 },
  );
}

function validArbitrary(
  schema: JsonSchema,
  resolve: (ref: string) => JsonSchema,
  depth: number,
  name: string,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => schemaArbitrary(s, resolve, depth + 1, name)));
  }
  if (schema.allOf && schema.allOf.length > 0)
    return schemaArbitrary(schema.allOf[0], resolve, depth + 1, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return validString(schema, name);
    case "integer":
      return validNumber(schema, true);
    case "number":
      return validNumber(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schemaArbitrary(schema.items, resolve, depth + 1, name), { maxLength: 4 });
    case "object": {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) {
        shape[name] = schemaArbitrary(property, resolve, depth + 1, name);
      }
      // All required fields and at most three optional ones: requests with every optional field
      // set (dependent fields, other accounts' ids) almost never get past validation.
      const optional = Object.keys(shape).filter((k) => !required.has(k));
      const record = fc.subarray(optional, { maxLength: Math.min(3, optional.length) }).chain((chosen) => {
        const picked: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, arbitrary] of Object.entries(shape)) {
          if (required.has(key) || chosen.includes(key)) picked[key] = arbitrary;
        }
        return fc.record(picked);
      });
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
