import type { PromptDefinition } from "../prompts/prompt-definition";
import type { ResourceContext, ResourceTemplateDefinition } from "../resources/resource-definition";
import type { HandlerInstaller } from "./handler-installer";
import { installCompletions } from "./install-completions";
import { installTools, type ToolHandlerOptions } from "./install-tools";
import { registerPrompts } from "./register-prompts";
import { registerResources } from "./register-resources";

export const SERVER_INFO = { name: "kurz", version: "1.0.0" } as const;

export const INSTRUCTIONS =
  "Kurz manages short links, QR codes, campaigns, domains and A/B tests, and reports their click analytics. " +
  "Links are named by their short code or alias (the part after the host in the short URL). " +
  "Tools that change something say so in their description; deleting is final. " +
  "A failed call returns {success:false, error, code, hint, retryable}: follow the hint.";

export const CAPABILITIES = {
  tools: { listChanged: false },
  resources: { listChanged: false, subscribe: false },
  prompts: { listChanged: false },
  completions: {},
  logging: {},
} as const;

export interface ProtocolServerOptions extends ToolHandlerOptions {
  resources: readonly ResourceTemplateDefinition[];
  prompts: readonly PromptDefinition[];
  planOf: ResourceContext["planOf"];
}

/** Everything Kurz answers over MCP for one principal: tools, resources and prompts. */
export function installKurzProtocol(install: HandlerInstaller, options: ProtocolServerOptions): void {
  installTools(install, options);
  registerResources(
    install,
    { clients: options.clients, principal: options.principal, planOf: options.planOf },
    options.resources,
  );
  registerPrompts(install, options, options.prompts);
  installCompletions(install, options, options.prompts, options.resources);
}
