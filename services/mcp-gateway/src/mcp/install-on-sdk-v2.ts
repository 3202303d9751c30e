import type { Server } from "@modelcontextprotocol/server";
import type { HandlerInstaller } from "./handler-installer";

/** Kurz's handlers on a request's server of the SDK v2 (protocol revision 2026-07-28). */
export function installOnSdkV2(server: Server): HandlerInstaller {
  return (method, handler) => {
    server.setRequestHandler(method, handler as never);
  };
}
