import { createGrpcClient } from "@kurz/grpc";
import { linksV1 } from "@kurz/proto";
import {
  createServiceTokensFromConfig,
  type RunningService,
  type SharedInfrastructure,
  startService,
} from "@kurz/service-runtime";
import { buildApp } from "./app";
import { clusterSiblingChannel } from "./cluster/sibling-channel";
import { type RedirectorConfig, SERVICE_NAME } from "./config";
import { applyLinkChange } from "./events/apply-link-change";
import { startDomainChangeConsumer } from "./events/start-domain-change-consumer";
import { startLinkChangeConsumer } from "./events/start-link-change-consumer";
import { hostSettingsSourceFromGrpc } from "./links/host-settings-source";
import { linkSourceFromGrpc } from "./links/link-source";

/** Wiring: config → infrastructure → app → listen; the returned stop() drains and closes. */
export function startRedirector(
  config: RedirectorConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningService> {
  return startService({
    name: SERVICE_NAME,
    config,
    needs: { cache: true, events: true },
    downstream: [["link-api", config.LINK_API_GRPC_ADDR]],
    shared,
    build: async ({ logger, clock, infra, lifecycle, readiness }) => {
      const bus = infra.bus!;
      const clickProducer = bus.producer({ maxBufferedMessages: config.CLICK_BUFFER_MAX_MESSAGES });
      let flushClicks = () => {};
      lifecycle.add("producers", "click-producer", () => {
        // Clicks of the last event-loop turn are still in the publisher's hands.
        flushClicks();
        return clickProducer.close();
      });
      const linkApi = createGrpcClient(linksV1.LinkService, config.LINK_API_GRPC_ADDR, {
        logger,
        retry: { maxAttempts: 2, backoffMs: 50 },
        // Resolve acts for no account: the redirector's own service token is its proof.
        auth: { audience: "link-api", tokens: createServiceTokensFromConfig(config, SERVICE_NAME, clock) },
      });
      lifecycle.add("clients", "grpc:link-api", async () => linkApi.close());

      const app = buildApp({
        config,
        logger,
        readiness,
        cache: infra.cache!,
        clickProducer,
        linkSource: linkSourceFromGrpc(linkApi, config.RESOLVE_DEADLINE_MS),
        hostSettingsSource: hostSettingsSourceFromGrpc(linkApi, config.RESOLVE_DEADLINE_MS),
        clock,
      });
      flushClicks = () => app.clicks.flush();
      const siblings = clusterSiblingChannel();
      const consumer = await startLinkChangeConsumer(bus, app.links, siblings);
      lifecycle.add("consumers", "link-changes", () => consumer.stop());
      const domainConsumer = await startDomainChangeConsumer(bus, app.hostSettings);
      lifecycle.add("consumers", "domain-changes", () => domainConsumer.stop());
      // A change a sibling worker took: this worker's copy goes too. Should the shared cache
      // refuse the write, the in-process copy still follows and the TTLs bound the rest.
      const stopListening = siblings?.listen((value) => {
        applyLinkChange(app.links, { value }).catch((error: unknown) =>
          logger.warn(
            { event: "redirector.sibling_change_failed", err: error },
            "a sibling's link change failed",
          ),
        );
      });
      if (stopListening) lifecycle.add("consumers", "sibling-changes", async () => stopListening());
      return { http: app.http, grpc: app.grpc };
    },
  });
}
