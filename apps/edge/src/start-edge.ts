import { createLogger } from "@kurz/logger";
import type { ServiceName } from "@kurz/routes";
import type { Stoppable } from "@kurz/service-runtime";
import { runAsService } from "@kurz/telemetry/service-scope";
import type { EdgeConfig } from "./config";
import { createEdge } from "./create-edge";
import type { InProcessService } from "./hand-over-request";

export interface RunningEdge extends Stoppable {
  url: string;
}

/**
 * Runs as "edge" (runAsService): in the embedded process its spans are told from the services'.
 * `inProcess`: the services running in this process (the embedded run), served without a relay.
 */
export function startEdge(
  config: EdgeConfig,
  inProcess?: Partial<Record<ServiceName, InProcessService>>,
): Promise<RunningEdge> {
  return runAsService("edge", async () => {
    const logger = createLogger({ service: "edge", level: config.logLevel });
    const app = await createEdge({
      logger,
      upstreams: config.upstreams,
      trustedProxies: config.trustedProxies,
      ...(inProcess ? { inProcess } : {}),
    });
    const address = await app.listen({ host: config.host, port: config.port });
    logger.info({ event: "edge.listening", address }, `edge listening on ${address}`);
    return {
      url: address,
      stop: async () => {
        // Idle connections close at once; requests in flight get drainMs, then every connection
        // still open is cut (its streams end, and the upstream requests they held with them).
        const cut = setTimeout(() => {
          logger.warn({ event: "edge.drain_cut", drainMs: config.drainMs }, "cutting connections still open");
          app.server.closeAllConnections();
        }, config.drainMs);
        try {
          await app.close();
        } finally {
          clearTimeout(cut);
        }
      },
    };
  });
}
