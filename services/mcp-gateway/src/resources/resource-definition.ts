import type { Scope } from "@kurz/auth-verifier";
import type { commonV1 } from "@kurz/proto";
import type { PlanFeature } from "../auth/mcp-plan";
import type { McpPrincipal } from "../auth/mcp-principal";
import type { Completer } from "../completions/completer";
import type { ToolClients } from "../tools/tool-clients";

/** What a resource reads with: the owning services, and the plan of the principal's account. */
export interface ResourceContext {
  /** Acting for the principal (clientsActingFor). */
  clients: ToolClients;
  principal: McpPrincipal;
  planOf(accountId: string): Promise<PlanLimits>;
}

/** The plan's limits as the account-usage resource reports them. */
export interface PlanLimits {
  id: string;
  mcpRequestsPerMinute: number;
  limits: Record<
    "links" | "qr_codes" | "campaigns" | "ab_tests" | "subdomains" | "branded_domains",
    commonV1.Limit | undefined
  >;
}

/**
 * A family of MCP resources named by a URI template (RFC 6570), read as JSON. `scope` is the
 * permission a key needs to see and read it, and `planFeature` the plan feature, like a tool's
 * (none of today's resources needs one: reading never does).
 */
export interface ResourceTemplateDefinition {
  name: string;
  title: string;
  description: string;
  uriTemplate: string;
  scope: Scope | undefined;
  planFeature?: PlanFeature;
  read(context: ResourceContext, params: Record<string, string>): Promise<unknown>;
  /** Suggests values of the template's variables while the user types (completion/complete). */
  complete?: Readonly<Record<string, Completer>>;
}
