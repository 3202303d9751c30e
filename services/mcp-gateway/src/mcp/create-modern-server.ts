import { Server } from "@modelcontextprotocol/server";
import {
  CAPABILITIES,
  INSTRUCTIONS,
  installKurzProtocol,
  type ProtocolServerOptions,
  SERVER_INFO,
} from "./install-kurz-protocol";
import { installOnSdkV2 } from "./install-on-sdk-v2";

const FIVE_MINUTES_MS = 5 * 60_000;

/**
 * How long a 2026-07-28 client may keep a list (`ttlMs`, `cacheScope`). Every list depends on the
 * credential (a read-only key sees fewer tools), so none is for shared caches. Tools, templates
 * and prompts change only with a new version of Kurz; the concrete resources name the newest
 * links and a read answers live data, so those are not kept.
 */
const CACHE_HINTS = {
  "server/discover": { ttlMs: FIVE_MINUTES_MS, cacheScope: "private" },
  "tools/list": { ttlMs: FIVE_MINUTES_MS, cacheScope: "private" },
  "prompts/list": { ttlMs: FIVE_MINUTES_MS, cacheScope: "private" },
  "resources/templates/list": { ttlMs: FIVE_MINUTES_MS, cacheScope: "private" },
  "resources/list": { ttlMs: 0, cacheScope: "private" },
  "resources/read": { ttlMs: 0, cacheScope: "private" },
} as const;

/**
 * The MCP server of one 2026-07-28 request (stateless: no initialize, no session; the revision
 * and the client's capabilities ride in each request's `_meta`), through the official SDK v2,
 * with the same tools, resources and prompts as the sessions of earlier revisions
 * (install-kurz-protocol.ts). `server/discover` comes from the SDK.
 */
export function createModernServer(options: ProtocolServerOptions): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: CAPABILITIES,
    instructions: INSTRUCTIONS,
    cacheHints: CACHE_HINTS,
  });
  installKurzProtocol(installOnSdkV2(server), options);
  return server;
}
