import { fileURLToPath } from "node:url";
import { buildOpenApiFragment, mergeOpenApiDocuments, SECURITY_SCHEMES } from "@kurz/openapi";
import { describeWebhookEvents } from "@kurz/webhook-dispatcher";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { OpenAPIV3_1 } from "openapi-types";
import { isDocumentedRoute } from "./documented-routes";
import { documentIdempotency } from "./idempotency-operations";
import type { DescribedService } from "./service-apis";
import { webhookOperations } from "./webhook-operations";

/** The committed document link-api serves at /api/v1/docs (bundled into its image). */
export const OPENAPI_DOCUMENT_PATH = fileURLToPath(
  new URL("../../../services/link-api/src/routes/openapi.generated.json", import.meta.url),
);

export const REGENERATE_COMMAND = "make docs";

const API_VERSION = "1.0.0";

/** Info, tag descriptions and security schemes: what no single service's routes say. */
const BASE: OpenAPIV3_1.Document = {
  openapi: "3.1.0",
  info: {
    title: "Kurz API",
    version: API_VERSION,
    description:
      "Short URLs, QR codes, campaigns, domains, analytics and conversions, and the OAuth 2.0 " +
      "authorization server that issues the tokens to call them. Every /api/v1 route needs an OAuth " +
      "2.0 bearer token carrying the route's scope (see each operation's security); a token without " +
      "it gets 403 with `required_scope`. REST errors share one body: `{ success: false, error, " +
      "code }`; the OAuth endpoints answer RFC 6749 `{ error, error_description }` instead.",
  },
  tags: [
    { name: "OAuth", description: "Authorization server (RFC 6749, 7636, 7591, 8414, 7009)." },
    { name: "Account", description: "The calling account, its plan and its MCP API keys." },
    { name: "Short URLs", description: "Create, list, update and delete short links." },
    { name: "QR codes", description: "QR codes of eight content types, as PNG or SVG." },
    { name: "Campaigns", description: "Groups of links with aggregate analytics." },
    { name: "Domains", description: "Subdomains and branded domains verified by DNS." },
    { name: "Tags", description: "Tags of links and campaigns." },
    { name: "Analytics", description: "Click reports per link, per campaign and per account." },
    { name: "Conversions", description: "Conversions attributed to a click (svc_click_id)." },
    { name: "A/B tests", description: "Split tests among destination variants." },
    { name: "Webhooks", description: "HTTP notifications of events to your server (Business plan)." },
  ],
  paths: {},
  components: { securitySchemes: SECURITY_SCHEMES },
};

/**
 * The one document: each service's documented routes become its fragment (generated from the
 * route schemas by @fastify/swagger), and the fragments are merged under BASE.
 */
export async function generateOpenApiDocument(
  services: readonly DescribedService[],
): Promise<OpenAPIV3_1.Document> {
  const fragments = [];
  for (const { service, routes } of services) {
    const documented = routes.filter((route) => isDocumentedRoute(service, route));
    fragments.push({
      service,
      document: await buildOpenApiFragment(documented, { title: service, version: API_VERSION }),
    });
  }
  const merged = mergeOpenApiDocuments(BASE, fragments);
  documentIdempotency(merged);
  merged.webhooks = webhookOperations(describeWebhookEvents());
  // JSON has no comments: the generated-file marker rides as an extension field.
  const marker = {
    "x-generated": `@generated from the services' route schemas by tools/openapi; do not edit, run \`${REGENERATE_COMMAND}\``,
  };
  return Object.assign(merged, marker);
}

/** The file's exact text: two-space JSON and a final newline, so diffs stay readable. */
export function renderOpenApiDocument(document: OpenAPIV3_1.Document): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** OpenAPI 3.1 schema violations of the document, as readable lines (none: valid). */
export async function validateOpenApiDocument(document: OpenAPIV3_1.Document): Promise<string[]> {
  const result = await new Validator().validate(
    structuredClone(document) as unknown as Parameters<Validator["validate"]>[0],
  );
  if (result.valid) return [];
  const errors = Array.isArray(result.errors) ? result.errors : [{ message: String(result.errors) }];
  return errors.map((error) => JSON.stringify(error));
}
