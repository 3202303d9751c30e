import type { ToolDefinition } from "../tool-definition";

/** The domain tools of spec §4.4, in its order (getUserDomains first). */
export const DOMAIN_TOOLS = [] as unknown as readonly ToolDefinition[];

/** The URL-category tools about subdomains (spec §4.4 lists them among the URL tools). */
export const URL_DOMAIN_TOOLS = [] as unknown as readonly ToolDefinition[];
