import { readFile } from "node:fs/promises";
import { ROUTE_TABLE } from "@kurz/routes";
import type { OpenAPIV3_1 } from "openapi-types";
import { beforeAll, describe, expect, it } from "vitest";
import { isDocumentedRoute, operationKey } from "../src/documented-routes";
import {
  generateOpenApiDocument,
  OPENAPI_DOCUMENT_PATH,
  REGENERATE_COMMAND,
  renderOpenApiDocument,
  validateOpenApiDocument,
} from "../src/generate-openapi-document";
import { type DescribedService, describeServices, SERVICE_APIS } from "../src/service-apis";

let services: DescribedService[];
let committedText: string;
let committed: OpenAPIV3_1.Document;

beforeAll(async () => {
  services = await describeServices();
  committedText = await readFile(OPENAPI_DOCUMENT_PATH, "utf8");
  committed = JSON.parse(committedText) as OpenAPIV3_1.Document;
});

function committedOperations(): Set<string> {
  const keys = new Set<string>();
  for (const [path, item] of Object.entries(committed.paths ?? {})) {
    for (const method of Object.keys(item ?? {})) keys.add(`${method.toUpperCase()} ${path}`);
  }
  return keys;
}

describe("the OpenAPI document served at /api/v1/docs", () => {
  it("documents every public route of every service", () => {
    const documented = committedOperations();
    const missing = services.flatMap(({ service, routes }) =>
      routes
        .filter((route) => isDocumentedRoute(service, route))
        .map((route) => `${operationKey(route.method, route.url)} (${service})`)
        .filter((key) => !documented.has(key.slice(0, key.lastIndexOf(" ("))))
        .map((key) => `${key}`),
    );
    expect(missing, `Routes missing from the API document: run \`${REGENERATE_COMMAND}\``).toEqual([]);
  });

  it("gives every public route a schema with at least a summary, and every REST route its scope", () => {
    const undescribed = services.flatMap(({ service, routes }) =>
      routes
        .filter((route) => isDocumentedRoute(service, route))
        .filter((route) => !route.schema?.summary)
        .map((route) => `${operationKey(route.method, route.url)} (${service})`),
    );
    expect(undescribed, "Add `schema: { tags, summary, response, security, ... }` to these routes").toEqual(
      [],
    );
    const unsecured = Object.entries(committed.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item ?? {})
        .filter(
          ([, operation]) => path.startsWith("/api/") && !(operation as OpenAPIV3_1.OperationObject).security,
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(unsecured, "REST routes name their scope: `security: bearerSecurity(scope)`").toEqual([]);
  });

  it("is exactly what regenerating writes", async () => {
    const fresh = renderOpenApiDocument(await generateOpenApiDocument(services));
    expect(
      committedText === fresh,
      `${OPENAPI_DOCUMENT_PATH} is stale (a route or schema changed): run \`${REGENERATE_COMMAND}\``,
    ).toBe(true);
  });

  it("is valid OpenAPI 3.1", async () => {
    expect(await validateOpenApiDocument(committed)).toEqual([]);
  });

  it("hears from every service the route table sends documented paths to", () => {
    const owners = new Set(ROUTE_TABLE.filter((route) => route.openapi).map((route) => route.service));
    const described = new Set(SERVICE_APIS.map((api) => api.service));
    expect([...owners].filter((service) => !described.has(service))).toEqual([]);
  });
});
