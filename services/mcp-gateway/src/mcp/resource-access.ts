import { UriTemplate } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import type { McpPrincipal } from "../auth/mcp-principal";
import type { ResourceTemplateDefinition } from "../resources/resource-definition";
import { planAllows } from "./tool-listing";

const templates = new WeakMap<ResourceTemplateDefinition, UriTemplate>();
function templateOf(resource: ResourceTemplateDefinition): UriTemplate {
  let template = templates.get(resource);
  if (template === undefined) {
    template = new UriTemplate(resource.uriTemplate);
    templates.set(resource, template);
  }
  return template;
}

/**
 * The resource families a principal may read: no scope needed, or one its permissions name; and
 * no plan feature needed, or one its plan includes (as for tools: tool-listing.ts planAllows).
 */
export function resourcesFor(
  principal: McpPrincipal,
  resources: readonly ResourceTemplateDefinition[],
): ResourceTemplateDefinition[] {
  return resources.filter(
    (r) => (r.scope === undefined || principal.permissions.has(r.scope)) && planAllows(principal, r),
  );
}

/** The family a URI belongs to and its variables, or undefined. */
export function matchResource(
  uri: string,
  resources: readonly ResourceTemplateDefinition[],
): { resource: ResourceTemplateDefinition; params: Record<string, string> } | undefined {
  for (const resource of resources) {
    const variables = templateOf(resource).match(uri);
    if (variables === null) continue;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(variables))
      params[name] = Array.isArray(value) ? value.join(",") : value;
    if (Object.values(params).every((value) => value !== "")) return { resource, params };
  }
  return undefined;
}

/** A family as resources/templates/list gives it. */
export function templateListing(resource: ResourceTemplateDefinition): ResourceTemplate {
  return {
    uriTemplate: resource.uriTemplate,
    name: resource.name,
    title: resource.title,
    description: resource.description,
    mimeType: "application/json",
  };
}

/** A concrete resource of a family as resources/list gives it. */
export function resourceListing(
  resource: ResourceTemplateDefinition,
  variables: Record<string, string>,
  title?: string,
): Resource {
  return {
    uri: templateOf(resource).expand(variables),
    name: resource.name,
    title: title ?? resource.title,
    description: resource.description,
    mimeType: "application/json",
  };
}
