import { AppError } from "@kurz/errors";
import type { Resource } from "@modelcontextprotocol/sdk/types.js";
import { accountUsageResource } from "../resources/account-usage-resource";
import { linkResource } from "../resources/link-resource";
import type { ResourceContext, ResourceTemplateDefinition } from "../resources/resource-definition";
import type { HandlerInstaller } from "./handler-installer";
import { ProtocolError, protocolErrorOf } from "./protocol-error";
import { matchResource, resourceListing, resourcesFor, templateListing } from "./resource-access";

/** MCP's code for a resource that does not exist (MCP specification: resources, error handling). */
const RESOURCE_NOT_FOUND = -32002;

/** How many of the newest links resources/list names as concrete resources. */
const LISTED_LINKS = 20;

/**
 * Lists the concrete resources of a principal: its account usage, and its newest links (when it
 * may read links).
 */
export async function listResources(
  context: ResourceContext,
  resources: readonly ResourceTemplateDefinition[],
): Promise<Resource[]> {
  const readable = resourcesFor(context.principal, resources);
  const listed: Resource[] = [];
  if (readable.includes(accountUsageResource)) listed.push(resourceListing(accountUsageResource, {}));
  if (readable.includes(linkResource)) {
    const { links } = await context.clients.links.listLinks({ page: { page: 1, limit: LISTED_LINKS } });
    for (const link of links) {
      listed.push(
        resourceListing(
          linkResource,
          { shortCode: link.code },
          `${link.name || link.code} → ${link.originalUrl}`,
        ),
      );
    }
  }
  return listed;
}

/**
 * resources/list, resources/templates/list and resources/read on a session's server. A failed
 * read is a JSON-RPC error with the MCP error body in `data`: -32002 for a URI no family matches or
 * whose thing does not exist (with the `uri`), -32602 for invalid input, -32001 for any other
 * refusal, -32603 for a fault (protocolErrorOf).
 */
export function registerResources(
  install: HandlerInstaller,
  context: ResourceContext,
  resources: readonly ResourceTemplateDefinition[],
): void {
  const readable = resourcesFor(context.principal, resources);
  install("resources/list", async () => ({
    resources: await listResources(context, resources),
  }));
  install("resources/templates/list", async () => ({
    resourceTemplates: readable.map(templateListing),
  }));
  install<{ uri: string }>("resources/read", async (request) => {
    const { uri } = request.params;
    const matched = matchResource(uri, readable);
    if (matched === undefined) {
      const error = new AppError("NOT_FOUND", {
        message: `No resource at ${uri}`,
        hint: "Use a URI from resources/list or one of resources/templates/list's templates",
      });
      throw new ProtocolError(RESOURCE_NOT_FOUND, error, { uri });
    }
    try {
      const value = await matched.resource.read(context, matched.params);
      return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(value) }] };
    } catch (error) {
      throw protocolErrorOf(error, { code: RESOURCE_NOT_FOUND, extra: { uri } });
    }
  });
}
