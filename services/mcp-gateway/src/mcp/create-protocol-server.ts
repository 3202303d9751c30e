import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { DirectHandlers } from "./direct-handlers";
import {
  CAPABILITIES,
  INSTRUCTIONS,
  installKurzProtocol,
  type ProtocolServerOptions,
  SERVER_INFO,
} from "./install-kurz-protocol";
import { installOnSdkV1 } from "./install-on-sdk-v1";
import type { ToolCallLog } from "./install-tools";

export { type ProtocolServerOptions, SERVER_INFO } from "./install-kurz-protocol";

/**
 * The MCP server of one session (protocol revisions 2024-11-05 to 2025-11-25), for one verified
 * credential: the protocol through the official SDK's low-level Server (initialize, version
 * negotiation, ping come from it) and Kurz's tools, resources and prompts
 * (install-kurz-protocol.ts). With `direct`, Kurz's handlers are kept there too, for a session's
 * transport to answer its requests without the SDK's protocol (direct-handlers.ts).
 */
export function createProtocolServer(options: ProtocolServerOptions, direct?: DirectHandlers): Server {
  const server = new Server(SERVER_INFO, { capabilities: CAPABILITIES, instructions: INSTRUCTIONS });
  // Logs go out on the session's server stream (GET /mcp) when the client holds one open: a
  // request's answer is one JSON body, which carries no notifications. The SDK answers
  // logging/setLevel and drops what is below the level set.
  const log: ToolCallLog = (level, data) => {
    server.sendLoggingMessage({ level, logger: "kurz.tools", data }).catch(() => undefined);
  };
  installKurzProtocol(installOnSdkV1(server, direct), { ...options, log });
  return server;
}
