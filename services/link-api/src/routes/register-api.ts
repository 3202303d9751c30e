import { mapDatabaseError } from "@kurz/relational";
import type { FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ApiDependencies } from "./api-dependencies";
import { registerCampaignRoutes } from "./campaign-routes";
import { registerDomainRoutes } from "./domain-routes";
import { registerImportRoutes } from "./import-routes";
import { registerLinkExportRoutes } from "./link-export-routes";
import { registerLinkRoutes } from "./link-routes";
import { registerQrRoutes } from "./qr-routes";
import { registerSimulateRoutes } from "./simulate-routes";
import { registerTagRoutes } from "./tag-routes";

/** Every REST route of link-api, under /api/v1. */
export async function registerApi(app: FastifyInstance, deps: ApiDependencies): Promise<void> {
  await app.register(
    async (api) => {
      api.setValidatorCompiler(validatorCompiler);
      api.setSerializerCompiler(serializerCompiler);
      // "Cannot reach the database" becomes 503 DEPENDENCY_UNAVAILABLE; the root handler renders
      // it (and everything else) in the one error body.
      api.setErrorHandler((error) => {
        throw mapDatabaseError(error);
      });
      registerLinkRoutes(api, deps, "/urls");
      registerLinkRoutes(api, deps, "/short-urls");
      registerLinkExportRoutes(api, deps, "/urls");
      registerLinkExportRoutes(api, deps, "/short-urls");
      registerSimulateRoutes(api, deps, "/urls");
      registerSimulateRoutes(api, deps, "/short-urls");
      registerCampaignRoutes(api, deps);
      registerDomainRoutes(api, deps);
      registerQrRoutes(api, deps);
      registerTagRoutes(api, deps);
      await registerImportRoutes(api, deps);
    },
    { prefix: "/api/v1" },
  );
}
