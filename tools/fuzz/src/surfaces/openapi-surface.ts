import { readFileSync } from "node:fs";
import fc from "fast-check";
import type { FuzzCase } from "../fuzz-case";
import type { FuzzTarget } from "../fuzz-target";
import { hostileString, pathSegment } from "../generate/hostile-strings";
import { type JsonSchema, schemaArbitrary } from "../generate/schema-arbitrary";

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** A surface: named routes, each with an arbitrary of cases. */
export interface Surface {
  name: string;
  routes: Array<{ route: string; cases: fc.Arbitrary<FuzzCase> }>;
}

const DOCUMENT = new URL("../../../../services/link-api/src/routes/openapi.generated.json", import.meta.url);

export function loadOpenApiDocument(): OpenApiDocument {
  return JSON.parse(readFileSync(DOCUMENT, "utf8")) as OpenApiDocument;
}

function seedFor(path: string, name: string, target: FuzzTarget): string[] {
  const s = target.seeds;
  if (path.includes("/workspaces/")) {
    if (name === "invitation_id") return [s.invitationId];
    return [s.workspaceId];
  }
  if (path.includes("/campaigns/") && name === "id") return [s.campaignId];
  if (name === "campaignId") return [s.campaignId];
  if (path.includes("/qr-codes/")) return [s.qrId];
  if (path.includes("/api-keys/")) return [s.apiKeyId];
  // A test by its UUID or by its rotator's alias (both name it).
  if (path.includes("/ab-tests/")) return [s.abTestId, "fuzz-ab-seed"];
  if (name === "domain") return ["go.example.com"];
  if (name === "subdomain") return ["fuzz"];
  return [s.linkCode, s.linkId];
}

function queryText(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

const invalidUtf8Json = fc.constantFrom(
  Buffer.concat([
    Buffer.from('{"name":"caf'),
    Buffer.from([0xc3, 0x28]),
    Buffer.from('","url":"https://example.com/"}'),
  ]),
  Buffer.concat([Buffer.from('{"url":"https://example.com/'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
);
const brokenJson = fc.constantFrom(
  "{",
  '{"a":',
  "[1,2",
  '{"a":1}}',
  "nul",
  '"unterminated',
  "{'single':1}",
  "",
);
const deepJson = fc.integer({ min: 1_000, max: 20_000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`);

/**
 * Every operation of the one OpenAPI document (every public REST route of every service, the
 * OAuth endpoints among them): parameters and bodies shaped by the route's schemas, mutated with
 * hostile values, sent with the fuzzing account's token most of the time.
 */
export function openApiSurface(target: FuzzTarget, document = loadOpenApiDocument()): Surface {
  const resolve = (ref: string) => document.components?.schemas?.[ref.split("/").at(-1) ?? ""] ?? {};
  const routes: Surface["routes"] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      const parameters = operation.parameters ?? [];
      const oauth = path.startsWith("/mcp/oauth") || path.startsWith("/.well-known");

      const pathArbitrary = fc
        .tuple(
          ...(parameters
            .filter((p) => p.in === "path")
            .map((p) =>
              fc
                .oneof(
                  { arbitrary: fc.constantFrom(...seedFor(path, p.name, target)), weight: 3 },
                  { arbitrary: hostileString.map(pathSegment), weight: 2 },
                  { arbitrary: fc.constantFrom("%zz", "%FF%FE", "a%00b", "..%2F..", "%2e%2e"), weight: 1 },
                )
                .map((value) => [p.name, value] as const),
            ) as [fc.Arbitrary<readonly [string, string]>]),
        )
        .map((pairs) => {
          let filled = path;
          for (const [name, value] of pairs as Array<readonly [string, string]>) {
            filled = filled.replace(`{${name}}`, value);
          }
          return filled;
        });

      const queryParameters = parameters.filter((p) => p.in === "query");
      const queryArbitrary = fc
        .tuple(
          fc.subarray(queryParameters),
          fc.constantFrom("", "", "", "&x=%zz", "&dup=1&dup=2", "&%C3%28=1"),
        )
        .chain(([chosen, tail]) =>
          fc
            .tuple(
              ...(chosen.map((p) => schemaArbitrary(p.schema, resolve, 0, p.name)) as [
                fc.Arbitrary<unknown>,
              ]),
            )
            .chain((values) =>
              fc.integer({ min: 0, max: 9 }).map((dice) => {
                const repeat = dice === 0;
                const pairs = chosen.map((p, i) => `${p.name}=${queryText((values as unknown[])[i])}`);
                if (repeat && pairs.length > 0) pairs.push(pairs[0] as string);
                const text = pairs.join("&") + tail;
                return text === "" ? "" : `?${text.replace(/^&/, "")}`;
              }),
            ),
        );

      const contentTypes = Object.keys(operation.requestBody?.content ?? {});
      const contentType = contentTypes[0];
      const bodySchema = contentType ? operation.requestBody?.content?.[contentType]?.schema : undefined;
      const form = contentType === "application/x-www-form-urlencoded";
      const bodyArbitrary: fc.Arbitrary<{ body?: Buffer; type?: string }> = contentType
        ? fc.oneof(
            {
              arbitrary: schemaArbitrary(bodySchema, resolve).map((value) => ({
                body: Buffer.from(
                  form && value && typeof value === "object"
                    ? new URLSearchParams(
                        Object.entries(value as Record<string, unknown>).map(([k, v]): [string, string] => [
                          k,
                          typeof v === "string" ? v : (JSON.stringify(v) ?? ""),
                        ]),
                      ).toString()
                    : (JSON.stringify(value) ?? "null"),
                ),
                type: contentType,
              })),
              weight: 30,
            },
            { arbitrary: invalidUtf8Json.map((body) => ({ body, type: contentType })), weight: 1 },
            {
              arbitrary: brokenJson.map((text) => ({ body: Buffer.from(text), type: contentType })),
              weight: 1,
            },
            {
              arbitrary: deepJson.map((text) => ({ body: Buffer.from(text), type: contentType })),
              weight: 1,
            },
            {
              arbitrary: fc
                .constantFrom(
                  "text/plain",
                  "application/xml",
                  "multipart/form-data; boundary=x",
                  "application/json; charset=latin1",
                )
                .map((type) => ({ body: Buffer.from('{"url":"https://example.com/"}'), type })),
              weight: 1,
            },
          )
        : fc.constant({});

      const authArbitrary = fc.constantFrom<"token" | "none" | "garbage">(
        "token",
        "token",
        "token",
        "token",
        "token",
        "token",
        "none",
        "garbage",
      );

      const route = `${upper} ${path}`;
      routes.push({
        route,
        cases: fc
          .tuple(pathArbitrary, queryArbitrary, bodyArbitrary, authArbitrary)
          .map(([filled, query, body, auth]) => {
            const headers: Record<string, string> = {};
            if (auth === "token") headers.authorization = `Bearer ${target.accessToken}`;
            if (auth === "garbage") headers.authorization = "Bearer eyJhbGciOiJub25lIn0.e30.";
            if (body.type) headers["content-type"] = body.type;
            const fuzzCase: FuzzCase = {
              route,
              method: upper,
              target: `${filled}${query}`,
              headers,
              sent: `${filled}${query}${body.body?.toString("utf8") ?? ""}`,
              oauth,
              page: path === "/mcp/oauth/authorize",
            };
            if (body.body) fuzzCase.body = body.body;
            return fuzzCase;
          }),
      });
    }
  }
  return { name: "openapi", routes };
}
