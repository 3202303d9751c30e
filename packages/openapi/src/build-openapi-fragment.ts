import fastifySwagger from "@fastify/swagger";
import Fastify from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { OpenAPIV3_1 } from "openapi-types";
import { documentationOnly } from "./documentation-only";

/** A route as a service registered it (structurally @kurz/service-runtime's RegisteredRoute). */
export interface DescribedRoute {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
}

/** How callers authenticate, named by the routes' `security`; the same in every fragment. */
export const SECURITY_SCHEMES: Record<string, OpenAPIV3_1.SecuritySchemeObject> = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "An OAuth 2.0 access token of Kurz's authorization server (RFC 9068 JWT).",
  },
  clientBasic: {
    type: "http",
    scheme: "basic",
    description:
      "OAuth client authentication (client_secret_basic). client_secret_post sends client_id and " +
      "client_secret in the form body instead.",
  },
};

/**
 * One service's part of the API document: the given routes (with their zod or JSON schemas)
 * registered on a throw-away fastify instance that runs @fastify/swagger, exactly as the service's
 * own app would document them. Nothing is validated or served.
 */
export async function buildOpenApiFragment(
  routes: readonly DescribedRoute[],
  info: { title: string; version: string },
): Promise<OpenAPIV3_1.Document> {
  const app = Fastify({ logger: false, exposeHeadRoutes: false });
  try {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: "3.1.0",
        info,
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    for (const route of routes) {
      app.route({
        method: route.method,
        url: route.url,
        ...(route.schema ? { schema: route.schema } : {}),
        ...documentationOnly,
        handler: async () => undefined,
      });
    }
    await app.ready();
    // A plain-JSON copy: no undefined members, no shared references between fragments.
    return JSON.parse(JSON.stringify(app.swagger())) as OpenAPIV3_1.Document;
  } finally {
    await app.close();
  }
}
