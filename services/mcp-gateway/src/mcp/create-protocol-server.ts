import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { McpPrincipal } from "../auth/mcp-principal";
import type { DirectHandlers } from "./direct-handlers";
import type { KurzMethod, KurzRequest } from "./handler-installer";
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

type Handler = (request: KurzRequest<unknown>) => Promise<object>;

/**
 * The MCP server of one session (protocol revisions 2024-11-05 to 2025-11-25), for one verified
 * credential: the protocol through the official SDK's low-level Server (initialize, version
 * negotiation, ping come from it) and Kurz's tools, resources and prompts
 * (install-kurz-protocol.ts). With `direct`, Kurz's handlers are kept there too, for a session's
 * transport to answer its requests without the SDK's protocol (direct-handlers.ts).
 *
 * `options` are those of the principal that opened the session. A later request of the session
 * carrying another credential of the account (a refreshed access token, another key) is answered
 * for that credential — its scopes, its actor on the tools' calls — by handlers built from
 * `optionsFor(principal)`, once per principal: a session never outlives the token it was opened
 * with, nor keeps scopes a newer token no longer has.
 */
export function createProtocolServer(
  options: ProtocolServerOptions,
  direct?: DirectHandlers,
  optionsFor: (principal: McpPrincipal) => ProtocolServerOptions = (principal) => ({ ...options, principal }),
): Server {
  const server = new Server(SERVER_INFO, { capabilities: CAPABILITIES, instructions: INSTRUCTIONS });
  // Logs go out on the session's server stream (GET /mcp) when the client holds one open: a
  // request's answer is one JSON body, which carries no notifications. The SDK answers
  // logging/setLevel, keeping the level under the session's id, and drops what is below the
  // level kept under the id it is given: without the id, every log would go out whatever the
  // client asked for.
  const log: ToolCallLog = (level, data) => {
    server
      .sendLoggingMessage({ level, logger: "kurz.tools", data }, server.transport?.sessionId)
      .catch(() => undefined);
  };
  const handlerSets = new WeakMap<McpPrincipal, Map<KurzMethod, Handler>>();
  const handlersOf = (principal: McpPrincipal): Map<KurzMethod, Handler> => {
    let handlers = handlerSets.get(principal);
    if (handlers === undefined) {
      const built = new Map<KurzMethod, Handler>();
      installKurzProtocol((method, handler) => built.set(method, handler as Handler), {
        ...optionsFor(principal),
        log,
      });
      handlers = built;
      handlerSets.set(principal, handlers);
    }
    return handlers;
  };
  const install = installOnSdkV1(server, direct);
  installKurzProtocol(
    (method, handler) =>
      install(method, (request) =>
        request.principal === undefined || request.principal === options.principal
          ? handler(request as never)
          : handlersOf(request.principal).get(method)!(request),
      ),
    { ...options, log },
  );
  return server;
}
