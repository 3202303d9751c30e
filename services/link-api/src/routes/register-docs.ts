import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import openApiDocument from "./openapi.generated.json" with { type: "json" };

/**
 * The one OpenAPI 3.1 document of Kurz — every service's public REST and OAuth routes — at
 * /api/v1/docs/openapi.json, with a Swagger UI page at /api/v1/docs. The document is generated
 * from all services' route schemas at build time and committed (tools/openapi, `make docs`; a
 * test fails when it is stale), so link-api serves it without asking the other services.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    mode: "static",
    specification: { document: openApiDocument as never },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/v1/docs",
    uiConfig: { docExpansion: "list", deepLinking: true },
    staticCSP: true,
  });
  app.get("/api/v1/docs/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
