import type { ProtocolServerOptions } from "../../src/mcp/create-protocol-server";
import { createToolCallMetrics } from "../../src/mcp/tool-call-metrics";
import type { ToolClients } from "../../src/tools/tool-clients";

/**
 * A protocol server's options around a test's own tools, resources and prompts: a principal
 * allowed `shorturl:read`, no service clients (the test's definitions call none), no plan.
 */
export function testServerOptions(
  definitions: Pick<ProtocolServerOptions, "tools"> & Partial<ProtocolServerOptions>,
): ProtocolServerOptions {
  return {
    resources: [],
    prompts: [],
    clients: {} as ToolClients,
    principal: {
      actor: { apiKey: "k" },
      keyId: "k1",
      accountId: "a1",
      permissions: new Set(["shorturl:read"]),
    },
    planOf: async () => {
      throw new Error("not read here");
    },
    metrics: createToolCallMetrics(),
    pageSize: 0,
    ...definitions,
  };
}
