import { createLogger } from "@kurz/logger";
import type { Stoppable } from "@kurz/service-runtime";
import type { EdgeConfig } from "./config";
import { createEdge } from "./create-edge";

export interface RunningEdge extends Stoppable {
  url: string;
}

export async function startEdge(config: EdgeConfig): Promise<RunningEdge> {
  const logger = createLogger({ service: "edge", level: config.logLevel });
  const app = await createEdge({ logger, upstreams: config.upstreams });
  const address = await app.listen({ host: config.host, port: config.port });
  logger.info({ event: "edge.listening", address }, `edge listening on ${address}`);
  return { url: address, stop: () => app.close() };
}
