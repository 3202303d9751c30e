import { bindActor, type CallActor } from "@kurz/grpc";
import type { ToolClients } from "./tool-clients";

/**
 * The clients as one principal's session uses them: every call acts for the principal's actor
 * (its API key, exchanged per callee, or its forwarded access token) without a runAsActor around
 * it, so the gateway never enters an AsyncLocalStorage (bind-actor.ts says what that saves).
 */
export function clientsActingFor(clients: ToolClients, actor: CallActor): ToolClients {
  return {
    links: bindActor(clients.links, actor),
    qr: bindActor(clients.qr, actor),
    campaigns: bindActor(clients.campaigns, actor),
    domains: bindActor(clients.domains, actor),
    analytics: bindActor(clients.analytics, actor),
    abTests: bindActor(clients.abTests, actor),
    webhooks: bindActor(clients.webhooks, actor),
    workspaces: bindActor(clients.workspaces, actor),
  };
}
