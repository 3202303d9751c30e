import { createGrpcClient } from "@kurz/grpc";
import { createLogger } from "@kurz/logger";
import { linksV1 } from "@kurz/proto";
import {
  connectInfrastructure,
  downstreamReadiness,
  Lifecycle,
  type RunningService,
  type SharedInfrastructure,
  serve,
} from "@kurz/service-runtime";
import { buildApp } from "./app";
import { type RedirectorConfig, SERVICE_NAME } from "./config";
import { startLinkChangeConsumer } from "./events/start-link-change-consumer";
import { linkSourceFromGrpc } from "./links/link-source";

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export async function startRedirector(
  config: RedirectorConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningService> {
  const logger = createLogger({ service: SERVICE_NAME, level: config.LOG_LEVEL });
  const lifecycle = new Lifecycle(logger, config.SHUTDOWN_TIMEOUT_MS);
  try {
    const infra = await connectInfrastructure({
      service: SERVICE_NAME,
      config,
      needs: { cache: true, events: true },
      logger,
      lifecycle,
      shared,
    });
    const cache = infra.cache!;
    const bus = infra.bus!;
    const clickProducer = bus.producer({ maxBufferedMessages: config.CLICK_BUFFER_MAX_MESSAGES });
    lifecycle.add("producers", "click-producer", () => clickProducer.close());
    const linkApi = createGrpcClient(linksV1.LinkService, config.LINK_API_GRPC_ADDR, {
      logger,
      retry: { maxAttempts: 2, backoffMs: 50 },
    });
    lifecycle.add("clients", "grpc:link-api", async () => linkApi.close());

    const readiness = [
      ...infra.readiness,
      downstreamReadiness("link-api", config.LINK_API_GRPC_ADDR, lifecycle),
    ];
    const app = buildApp({
      config,
      logger,
      readiness,
      cache,
      clickProducer,
      linkSource: linkSourceFromGrpc(linkApi, config.RESOLVE_DEADLINE_MS),
    });
    const consumer = await startLinkChangeConsumer(bus, app.links);
    lifecycle.add("consumers", "link-changes", () => consumer.stop());
    return await serve({
      name: SERVICE_NAME,
      host: config.HOST,
      httpPort: config.HTTP_PORT,
      grpcPort: config.GRPC_PORT,
      logger,
      http: app.http,
      grpc: app.grpc,
      lifecycle,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    });
  } catch (error) {
    // Close whatever opened before the failure, so a failed start leaves nothing running.
    await lifecycle.stop();
    throw error;
  }
}
