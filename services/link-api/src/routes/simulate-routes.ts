import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { simulateInputSchema, simulationSchema } from "../simulator/simulate-input-schema";
import { simulateRedirect } from "../simulator/simulate-redirect";
import type { ApiDependencies } from "./api-dependencies";
import { errorResponses } from "./error-responses";
import { accountOf, guard, securityOf } from "./guard";
import { codeParams, domainQuery } from "./link-reference-schemas";

/**
 * `POST {base}/{code}/simulate`: where a described visitor would go and why
 * (docs/api/redirect-rules.md#simulator). Reads only: the link's read scope.
 */
export function registerSimulateRoutes(
  root: FastifyInstance,
  deps: ApiDependencies,
  base: "/urls" | "/short-urls",
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(`${base}/:code/simulate`, {
    preHandler: guard(deps, "shorturl:read"),
    schema: {
      tags: ["Short URLs"],
      summary: "Simulate a visit: where a described visitor goes, and why",
      params: codeParams,
      querystring: domainQuery,
      body: simulateInputSchema,
      response: { 200: simulationSchema, ...errorResponses(404) },
      security: securityOf("shorturl:read"),
    },
    handler: async (request) => {
      return simulateRedirect(
        deps.ctx,
        deps.simulator,
        accountOf(request),
        { shortCode: request.params.code, domain: request.query.domain },
        request.body,
      );
    },
  });
}
