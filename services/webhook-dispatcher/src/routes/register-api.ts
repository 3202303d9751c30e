import type { TokenVerifier } from "@kurz/auth-verifier";
import { mapDatabaseError } from "@kurz/relational";
import type { FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { WebhookContext } from "../webhook-context";
import { registerWebhookRoutes } from "./webhook-routes";

/** Every REST route of webhook-dispatcher, under /api/v1. */
export async function registerApi(
  app: FastifyInstance,
  deps: { ctx: WebhookContext; verifier: TokenVerifier },
): Promise<void> {
  await app.register(
    async (api) => {
      api.setValidatorCompiler(validatorCompiler);
      api.setSerializerCompiler(serializerCompiler);
      // "Cannot reach the database" becomes 503 DEPENDENCY_UNAVAILABLE; the root handler renders
      // it (and everything else) in the one error body.
      api.setErrorHandler((error) => {
        throw mapDatabaseError(error);
      });
      registerWebhookRoutes(api, deps);
    },
    { prefix: "/api/v1" },
  );
}
