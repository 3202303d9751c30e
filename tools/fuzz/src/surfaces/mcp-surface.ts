import fc from "fast-check";
import type { FuzzCase } from "../fuzz-case";
import type { FuzzTarget } from "../fuzz-target";
import { hostileString, pathSegment, wrongJsonValue } from "../generate/hostile-strings";
import { type JsonSchema, schemaArbitrary } from "../generate/schema-arbitrary";
import type { Surface } from "./openapi-surface";

/**
 * Ids tools take (a code, an alias, a UUID; a member's user_id): the seeds, so some calls reach
 * real resources (the workspace id is also its owner's user_id: the member tools reach the owner).
 */
const ID_PARAMETERS = new Set(["shortCode", "shortUrlId", "id", "primary_url_id", "user_id"]);

/** The 2026-07-28 `Mcp-Name` header of a request's params: its name or uri, when sendable as is. */
function mcpNameOf(params: Record<string, unknown>): Record<string, string> {
  const value = typeof params.name === "string" ? params.name : params.uri;
  return typeof value === "string" && /^[\x20-\x7e]{1,200}$/.test(value) ? { "mcp-name": value } : {};
}

function jsonRpc(id: unknown, method: string, params: unknown): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method, params });
}

/**
 * The MCP server (`POST /mcp`, inside the fuzzing account's open session): every tool the key
 * sees, its arguments generated from the tool's own input schema (mostly valid, mutated with
 * hostile strings, wrong types and unknown fields; ids from the seeds), and around them broken
 * JSON-RPC, another or no session, no key or one in the wrong header, wrong content types. A tool
 * joins by being listed. A last route sends protocol methods that are not tool calls, and one the
 * 2026-07-28 revision's sessionless requests.
 */
export function mcpSurface(target: FuzzTarget): Surface {
  const { key, sessionId, tools } = target.mcp;
  const seeds = [
    target.seeds.linkCode,
    target.seeds.abTestId,
    "fuzz-ab-seed",
    target.seeds.linkId,
    target.seeds.qrId,
    target.seeds.campaignId,
    target.seeds.workspaceId,
  ];
  const goodHeaders = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "x-mcp-key": key,
    "mcp-session-id": sessionId,
  };
  const headerVariants = fc.oneof(
    { arbitrary: fc.constant(goodHeaders), weight: 12 },
    {
      arbitrary: fc.constantFrom<Record<string, string>>(
        { ...goodHeaders, "x-mcp-key": "" },
        { "content-type": "application/json", accept: goodHeaders.accept, authorization: `Bearer ${key}` },
        { ...goodHeaders, "x-mcp-key": `${key}x` },
        { ...goodHeaders, "mcp-session-id": "00000000-0000-4000-8000-000000000000" },
        { ...goodHeaders, "mcp-session-id": "%zz\u202e" },
        { ...goodHeaders, accept: "text/html" },
        { ...goodHeaders, "content-type": "text/plain" },
        { ...goodHeaders, "mcp-protocol-version": "1999-01-01" },
      ),
      weight: 2,
    },
  );
  const as = (route: string, headers: Record<string, string>, body: string | Buffer): FuzzCase => ({
    route,
    method: "POST",
    target: "/mcp",
    headers,
    body: Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8"),
    sent: Buffer.isBuffer(body) ? body.toString("latin1") : body,
    mcp: true,
  });

  const routes: Surface["routes"] = tools.map((tool) => {
    const route = `MCP tools/call ${tool.name}`;
    const schema = tool.inputSchema as JsonSchema;
    const seeded = Object.keys(schema.properties ?? {}).filter((name) => ID_PARAMETERS.has(name));
    const args = fc
      .tuple(
        schemaArbitrary(schema, () => ({})),
        fc.record(Object.fromEntries(seeded.map((name) => [name, fc.constantFrom(...seeds)]))),
        fc.boolean(),
      )
      .map(([generated, ids, useSeeds]) =>
        useSeeds && generated !== null && typeof generated === "object" && !Array.isArray(generated)
          ? { ...(generated as Record<string, unknown>), ...ids }
          : generated,
      );
    const body = fc.oneof(
      { arbitrary: args.map((a) => jsonRpc(1, "tools/call", { name: tool.name, arguments: a })), weight: 12 },
      {
        arbitrary: wrongJsonValue.map((a) => jsonRpc(2, "tools/call", { name: tool.name, arguments: a })),
        weight: 1,
      },
      {
        arbitrary: hostileString.map((name) => jsonRpc(3, "tools/call", { name, arguments: {} })),
        weight: 1,
      },
      {
        arbitrary: fc.constantFrom(
          "{",
          "[]",
          `[${jsonRpc(4, "tools/call", { name: tool.name, arguments: {} })}]`,
          JSON.stringify({ jsonrpc: "1.0", id: 5, method: "tools/call", params: { name: tool.name } }),
          JSON.stringify({
            jsonrpc: "2.0",
            id: { nested: [1] },
            method: "tools/call",
            params: { name: tool.name },
          }),
          `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
        ),
        weight: 1,
      },
    );
    return { route, cases: fc.tuple(headerVariants, body).map(([headers, b]) => as(route, headers, b)) };
  });

  const protocolRoute = "MCP protocol methods";
  const method = fc.oneof(
    fc.constantFrom(
      "ping",
      "tools/list",
      "resources/list",
      "resources/templates/list",
      "resources/read",
      "prompts/list",
      "prompts/get",
      "logging/setLevel",
      "initialize",
      "completion/complete",
      "server/discover",
      "notifications/cancelled",
    ),
    hostileString,
  );
  const params = fc.oneof(
    fc.constant(undefined),
    fc.record({ cursor: fc.oneof(hostileString, fc.constantFrom("MA", "OTk5", "LTE", "")) }),
    fc.record({ protocolVersion: fc.oneof(hostileString, fc.constantFrom("2024-11-05", "2025-11-25")) }),
    // resources/read
    fc.record({
      uri: fc.oneof(
        hostileString,
        fc.constantFrom(
          "kurz://account/usage",
          `kurz://links/${target.seeds.linkCode}`,
          `kurz://links/${target.seeds.linkCode}/analytics`,
          "kurz://links/",
          "kurz://links/%2e%2e/analytics",
          "file:///etc/passwd",
          "http://169.254.169.254/latest/meta-data/",
        ),
        hostileString.map((code) => `kurz://links/${code}`),
      ),
    }),
    // prompts/get
    fc.record({
      name: fc.oneof(
        hostileString,
        fc.constantFrom("campaign-performance-report", "ab-test-review", "link-performance-review"),
      ),
      arguments: fc.oneof(
        fc.dictionary(
          fc.constantFrom("campaignId", "testId", "shortCode", "period"),
          fc.oneof(hostileString, fc.constantFrom(...seeds)),
        ),
        wrongJsonValue,
      ),
    }),
    // completion/complete
    fc.record({
      ref: fc.oneof(
        fc.record({
          type: fc.constant("ref/prompt"),
          name: fc.oneof(
            hostileString,
            fc.constantFrom("campaign-performance-report", "ab-test-review", "link-performance-review"),
          ),
        }),
        fc.record({
          type: fc.oneof(fc.constant("ref/resource"), hostileString),
          uri: fc.oneof(
            hostileString,
            fc.constantFrom(
              "kurz://links/{shortCode}",
              "kurz://links/{shortCode}/analytics",
              "kurz://account/usage",
            ),
          ),
        }),
        wrongJsonValue,
      ),
      argument: fc.oneof(
        fc.record({
          name: fc.oneof(hostileString, fc.constantFrom("shortCode", "campaignId", "testId", "period")),
          value: fc.oneof(hostileString, fc.constantFrom("", ...seeds)),
        }),
        wrongJsonValue,
      ),
    }),
    wrongJsonValue,
  );
  routes.push({
    route: protocolRoute,
    cases: fc
      .tuple(headerVariants, method, params, fc.oneof(fc.integer(), hostileString, fc.constant(null)))
      .map(([headers, m, p, id]) => as(protocolRoute, headers, jsonRpc(id, m, p))),
  });

  // JSON-RPC batches in the session: each message costs one request of the plan's minute, more
  // than 100 are refused before anything runs; empty, mixed and oversized batches.
  const batchRoute = "MCP batches";
  routes.push({
    route: batchRoute,
    cases: fc
      .tuple(
        headerVariants,
        fc.oneof(
          // Small batches of well-formed requests (answered, and counted message by message)...
          {
            arbitrary: fc.array(
              fc.tuple(
                fc.constantFrom("ping", "tools/list", "resources/list", "prompts/list"),
                fc.constant(undefined),
                fc.nat(),
              ),
              { minLength: 1, maxLength: 8 },
            ),
            weight: 3,
          },
          // ...and any batch: hostile messages, empty, over 100.
          {
            arbitrary: fc.array(
              fc.tuple(method, params, fc.oneof(fc.integer(), hostileString, fc.constant(null))),
              { maxLength: 130, size: "large" },
            ),
            weight: 1,
          },
        ),
      )
      .map(([headers, messages]) =>
        as(batchRoute, headers, `[${messages.map(([m, p, id]) => jsonRpc(id, m, p)).join(",")}]`),
      ),
  });

  // The 2026-07-28 leg: no session, the revision in each request's `_meta` envelope and header
  // (SDK v2). Tool calls and protocol methods under good, malformed, unsupported and mismatched
  // envelopes, and requests that claim the revision in only one of the two places.
  const modernRoute = "MCP 2026-07-28 requests";
  const REVISION = "2026-07-28";
  const { "mcp-session-id": _session, ...sessionless } = goodHeaders;
  const modernHeaders = fc.oneof(
    { arbitrary: fc.constant({ ...sessionless, "mcp-protocol-version": REVISION }), weight: 8 },
    {
      arbitrary: fc.constantFrom<Record<string, string>>(
        sessionless,
        { ...sessionless, "mcp-protocol-version": "2025-11-25" },
        { ...sessionless, "mcp-protocol-version": "2099-01-01" },
        { ...goodHeaders, "mcp-protocol-version": REVISION },
        { ...sessionless, "mcp-protocol-version": REVISION, "x-mcp-key": `${key}x` },
        { ...sessionless, "mcp-protocol-version": REVISION, "content-type": "text/plain" },
      ),
      weight: 2,
    },
  );
  const envelope = fc.oneof(
    {
      arbitrary: fc.constant<unknown>({
        "io.modelcontextprotocol/protocolVersion": REVISION,
        "io.modelcontextprotocol/clientInfo": { name: "kurz-fuzz", version: "1.0.0" },
        "io.modelcontextprotocol/clientCapabilities": {},
      }),
      weight: 6,
    },
    {
      arbitrary: fc.oneof(
        fc.record({ "io.modelcontextprotocol/protocolVersion": fc.oneof(hostileString, wrongJsonValue) }),
        fc.record({
          "io.modelcontextprotocol/protocolVersion": fc.constant(REVISION),
          "io.modelcontextprotocol/clientInfo": fc.oneof(wrongJsonValue, fc.record({ name: hostileString })),
          "io.modelcontextprotocol/clientCapabilities": wrongJsonValue,
        }),
        fc.constant<unknown>({ "io.modelcontextprotocol/protocolVersion": "2025-11-25" }),
        fc.constant<unknown>(undefined),
        wrongJsonValue,
      ),
      weight: 2,
    },
  );
  const modernCall = fc.oneof(
    ...tools.map((tool) =>
      schemaArbitrary(tool.inputSchema as JsonSchema, () => ({})).map((a) => ({
        method: "tools/call",
        params: { name: tool.name, arguments: a } as Record<string, unknown>,
      })),
    ),
    fc.tuple(method, params).map(([m, p]) => ({
      method: m,
      params: (p !== null && typeof p === "object" && !Array.isArray(p) ? p : {}) as Record<string, unknown>,
    })),
  );
  routes.push({
    route: modernRoute,
    cases: fc
      .tuple(
        modernHeaders,
        modernCall,
        envelope,
        fc.oneof(fc.integer(), hostileString),
        // The revision's Mcp-Method header: the body's method, none, or another one.
        fc.oneof({ arbitrary: fc.constant("match"), weight: 8 }, fc.constant("none"), fc.constant("other")),
      )
      .map(([headers, call, meta, id, methodHeader]) =>
        as(
          modernRoute,
          methodHeader === "none"
            ? headers
            : {
                ...headers,
                "mcp-method": methodHeader === "match" ? call.method : "tools/list",
                // Mcp-Name mirrors the tool's or prompt's name, or the resource's uri (ASCII here).
                ...mcpNameOf(call.params),
              },
          jsonRpc(id, call.method, { ...call.params, _meta: meta }),
        ),
      ),
  });

  // The 2024-11-05 transport's message posts, into sessions that do not exist or are not the
  // key's (an open stream never ends, so the stream itself is not fuzzed with a good key).
  const messagesRoute = "MCP POST /mcp/messages";
  routes.push({
    route: messagesRoute,
    cases: fc
      .tuple(
        headerVariants,
        fc.oneof(hostileString, fc.uuid(), fc.constant(sessionId)),
        fc.oneof(
          method.map((m) => jsonRpc(1, m, {})),
          hostileString,
          fc.constant("{"),
        ),
      )
      .map(([headers, id, body]) => ({
        ...as(messagesRoute, headers, body),
        target: `/mcp/messages?sessionId=${pathSegment(id)}`,
      })),
  });

  // The JSON listings, the SSE stream refused, and the OAuth metadata, under every credential.
  const listingRoute = "MCP GET listings";
  const credentialHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
    fc.constant<Record<string, string>>({ "x-mcp-key": key }),
    fc.constantFrom<Record<string, string>>(
      {},
      { "x-mcp-key": `${key}x` },
      { authorization: `Bearer ${key}` },
      { authorization: "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0." },
      { authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln" },
      { "x-api-key": key },
    ),
    hostileString.map((value) => ({ authorization: `Bearer ${value}` })),
  );
  routes.push({
    route: listingRoute,
    cases: fc
      .tuple(
        credentialHeaders,
        fc.constantFrom(
          "/mcp/tools",
          "/mcp/resources",
          "/mcp/prompts",
          "/.well-known/oauth-protected-resource",
          "/.well-known/oauth-protected-resource/mcp",
        ),
      )
      .map(([headers, path]) => ({
        ...as(listingRoute, headers, ""),
        method: "GET",
        target: path,
        body: undefined,
      })),
  });
  routes.push({
    route: "MCP GET /mcp/sse refused",
    cases: credentialHeaders
      .filter((headers) => headers["x-mcp-key"] !== key)
      .map((headers) => ({
        ...as("MCP GET /mcp/sse refused", { ...headers, accept: "text/event-stream" }, ""),
        method: "GET",
        target: "/mcp/sse",
        body: undefined,
      })),
  });
  return { name: "mcp", routes };
}
