import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CAPABILITIES,
  INSTRUCTIONS,
  installKurzProtocol,
  type ProtocolServerOptions,
  SERVER_INFO,
} from "./install-kurz-protocol";
import { installOnSdkV1 } from "./install-on-sdk-v1";

export { type ProtocolServerOptions, SERVER_INFO } from "./install-kurz-protocol";

/**
 * The MCP server of one session (protocol revisions 2024-11-05 to 2025-11-25), for one verified
 * credential: the protocol through the official SDK's low-level Server (initialize, version
 * negotiation, ping come from it) and Kurz's tools, resources and prompts
 * (install-kurz-protocol.ts).
 */
export function createProtocolServer(options: ProtocolServerOptions): Server {
  const server = new Server(SERVER_INFO, { capabilities: CAPABILITIES, instructions: INSTRUCTIONS });
  installKurzProtocol(installOnSdkV1(server), options);
  return server;
}
