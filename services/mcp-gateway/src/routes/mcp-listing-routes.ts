import type { FastifyInstance } from "fastify";
import type { AuthorizeMcpRequest } from "../auth/authorize-mcp-request";
import { sendMcpHttpError } from "../mcp/mcp-http-error";
import { promptListing, promptsFor } from "../mcp/register-prompts";
import { listResources } from "../mcp/register-resources";
import { resourcesFor, templateListing } from "../mcp/resource-access";
import { toolListing, toolsFor } from "../mcp/tool-listing";
import type { PromptDefinition } from "../prompts/prompt-definition";
import type { ResourceContext, ResourceTemplateDefinition } from "../resources/resource-definition";
import { clientsActingFor } from "../tools/clients-acting-for";
import type { ToolClients } from "../tools/tool-clients";
import type { ToolDefinition } from "../tools/tool-definition";

export interface McpListingRouteDeps {
  authorize: AuthorizeMcpRequest;
  clients: ToolClients;
  planOf: ResourceContext["planOf"];
  tools: readonly ToolDefinition[];
  resources: readonly ResourceTemplateDefinition[];
  prompts: readonly PromptDefinition[];
}

/**
 * `GET /mcp/tools`, `GET /mcp/resources` and `GET /mcp/prompts` (docs/api/mcp.md#endpoints): the
 * same entries as tools/list, resources/list (with the templates) and prompts/list, as plain JSON
 * for the key, without a session.
 */
export function registerMcpListingRoutes(app: FastifyInstance, deps: McpListingRouteDeps): void {
  app.get("/mcp/tools", async (request, reply) => {
    try {
      const principal = await deps.authorize(request);
      return { tools: toolsFor(principal, deps.tools).map(toolListing) };
    } catch (error) {
      return sendMcpHttpError(reply, error);
    }
  });

  app.get("/mcp/resources", async (request, reply) => {
    try {
      const principal = await deps.authorize(request);
      const context = {
        clients: clientsActingFor(deps.clients, principal.actor),
        principal,
        planOf: deps.planOf,
      };
      return {
        resources: await listResources(context, deps.resources),
        resourceTemplates: resourcesFor(principal, deps.resources).map(templateListing),
      };
    } catch (error) {
      return sendMcpHttpError(reply, error);
    }
  });

  app.get("/mcp/prompts", async (request, reply) => {
    try {
      const principal = await deps.authorize(request);
      return { prompts: promptsFor(principal, deps.prompts).map(promptListing) };
    } catch (error) {
      return sendMcpHttpError(reply, error);
    }
  });
}
