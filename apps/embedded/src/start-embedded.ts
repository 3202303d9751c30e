import * as abtestEngine from "@kurz/abtest-engine";
import * as analyticsIngest from "@kurz/analytics-ingest";
import * as authServer from "@kurz/auth-server";
import type { Clock } from "@kurz/clock";
import * as dashboard from "@kurz/dashboard";
import { loadEdgeConfig, startEdge, upstreamVariable } from "@kurz/edge";
import { createEventBus } from "@kurz/events";
import * as linkApi from "@kurz/link-api";
import { createLogger } from "@kurz/logger";
import * as mcpGateway from "@kurz/mcp-gateway";
import * as redirector from "@kurz/redirector";
import { SERVICES, type ServiceName, serviceVariable } from "@kurz/routes";
import type { RunningService, SharedInfrastructure, Stoppable } from "@kurz/service-runtime";
import { telemetryEnabled } from "@kurz/telemetry";
import * as webhookDispatcher from "@kurz/webhook-dispatcher";
import { serviceCredentials } from "./service-credentials";

type Env = Record<string, string | undefined>;

interface ServiceModule {
  start(env: Env, shared: SharedInfrastructure): Promise<RunningService>;
}

const entry = <C>(
  m: { loadConfig(env: Env): C },
  start: (c: C, s: SharedInfrastructure) => Promise<RunningService>,
) => ({ start: (env, shared) => start(m.loadConfig(env), shared) }) satisfies ServiceModule;

/**
 * Start order follows the gRPC calls: a service starts after the services it calls, so their
 * real (possibly ephemeral) addresses can be handed to it.
 */
const START_ORDER: ReadonlyArray<[ServiceName, ServiceModule]> = [
  ["auth-server", entry(authServer, authServer.startAuthServer)],
  ["link-api", entry(linkApi, linkApi.startLinkApi)],
  ["redirector", entry(redirector, redirector.startRedirector)],
  ["analytics-ingest", entry(analyticsIngest, analyticsIngest.startAnalyticsIngest)],
  ["abtest-engine", entry(abtestEngine, abtestEngine.startAbtestEngine)],
  ["webhook-dispatcher", entry(webhookDispatcher, webhookDispatcher.startWebhookDispatcher)],
  ["mcp-gateway", entry(mcpGateway, mcpGateway.startMcpGateway)],
  // Last: it relays the web app's API calls to every service above, by their HTTP addresses.
  ["dashboard", entry(dashboard, dashboard.startDashboard)],
];

export interface EmbeddedOptions {
  env?: Env;
  /**
   * "default": the documented ports (3001..., 50051...); "ephemeral": OS-chosen (tests, or a
   * second instance). The edge listens on EDGE_PORT when set, else 8080 / OS-chosen.
   */
  ports?: "default" | "ephemeral";
  /** One clock for every service (tests move it forward); the system's by default. */
  clock?: Clock;
  /** Variables for one service only, over `env` (e.g. each service's own DATABASE_URL). */
  serviceEnv?: Partial<Record<ServiceName, Env>>;
}

export interface RunningKurz extends Stoppable {
  /** The edge: every public path of Kurz. */
  url: string;
  services: Record<ServiceName, RunningService>;
}

/**
 * What the embedded run sets unless the environment says otherwise: the short host's root sends a
 * newcomer opening the edge's URL to the dashboard rather than to "Link not found".
 */
const EMBEDDED_DEFAULTS: Partial<Record<ServiceName, Env>> = {
  redirector: { ROOT_REDIRECT_URL: "/app/" },
};

/**
 * All eight services in one process, each on its own ports exactly as in production, plus the
 * local edge on one public port. One in-process event bus is shared, as one Kafka cluster would
 * be (unless KAFKA_BROKERS points at a real one).
 */
export async function startEmbedded(options: EmbeddedOptions = {}): Promise<RunningKurz> {
  const baseEnv = options.env ?? process.env;
  const logger = createLogger({ service: "embedded", level: baseEnv.LOG_LEVEL ?? "info" });
  const brokers = (baseEnv.KAFKA_BROKERS ?? "").split(",").filter(Boolean);
  const bus = createEventBus({ brokers, clientId: "kurz-embedded", logger });
  const shared: SharedInfrastructure = { bus, ...(options.clock ? { clock: options.clock } : {}) };
  const credentials = serviceCredentials(baseEnv);

  const started: RunningService[] = [];
  const services = {} as Record<ServiceName, RunningService>;
  const addresses: Env = {};
  const stopAll = async () => {
    // Reverse start order: callers stop before the services they call.
    for (const service of [...started].reverse()) await service.stop();
    await bus.close();
  };

  try {
    for (const [name, serviceModule] of START_ORDER) {
      const ports =
        options.ports === "ephemeral"
          ? { HTTP_PORT: "0", GRPC_PORT: "0" }
          : { HTTP_PORT: String(SERVICES[name].httpPort), GRPC_PORT: String(SERVICES[name].grpcPort) };
      const own = name === "auth-server" ? credentials.authServerEnv : credentials.serviceEnv(name);
      const running = await serviceModule.start(
        {
          ...EMBEDDED_DEFAULTS[name],
          ...baseEnv,
          ...own,
          ...options.serviceEnv?.[name],
          ...addresses,
          ...ports,
        },
        shared,
      );
      started.push(running);
      services[name] = running;
      addresses[serviceVariable(name, "GRPC_ADDR")] = running.grpcAddress;
      addresses[upstreamVariable(name)] = running.httpUrl;
    }
    // Every service is in this process: the edge hands requests to them without a loopback hop.
    // It relays them over HTTP as the distributed edge does when EMBEDDED_EDGE_RELAY=1 (for
    // comparison) and while traces are exported: a request handed over runs in the edge's trace
    // context, so its spans would be the edge's rather than the service's, and a redirect's click
    // would lose its link to the redirect's span.
    const inProcess =
      baseEnv.EMBEDDED_EDGE_RELAY === "1" || telemetryEnabled(baseEnv)
        ? undefined
        : Object.fromEntries(
            Object.entries(services).flatMap(([name, running]) =>
              running.serveHttp ? [[name, running.serveHttp]] : [],
            ),
          );
    const edge = await startEdge(
      loadEdgeConfig({
        ...(options.ports === "ephemeral" ? { EDGE_PORT: "0" } : {}),
        ...baseEnv,
        ...addresses,
      }),
      inProcess,
    );
    logger.info({ event: "embedded.ready", url: edge.url }, `Kurz is up at ${edge.url}`);
    return {
      url: edge.url,
      services,
      stop: async () => {
        await edge.stop();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
