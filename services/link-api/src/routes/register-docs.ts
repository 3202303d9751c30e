import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/**
 * The OpenAPI 3.1 document, generated from the route schemas (so it cannot drift from what is
 * validated), at /api/v1/docs/openapi.json, and a Swagger UI page at /api/v1/docs. Must be
 * registered before the routes it documents.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Kurz link API",
        version: "1.0.0",
        description:
          "Short URLs, QR codes, campaigns and domains. Every route needs an OAuth 2.0 bearer token " +
          "carrying the route's scope. Errors share one body: { success: false, error, code }.",
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        },
      },
    },
    hideUntagged: true,
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/v1/docs",
    uiConfig: { docExpansion: "list", deepLinking: true },
    staticCSP: true,
  });
  app.get("/api/v1/docs/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
