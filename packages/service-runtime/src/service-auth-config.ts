import { type Clock, systemClock } from "@kurz/clock";
import { createServiceTokens, internalTokenUrl, type ServiceTokens } from "@kurz/grpc";
import { z } from "zod";

/** Config of every service that calls another over gRPC (its calls carry its tokens). */
export const serviceAuthConfigShape = {
  /** Where auth-server answers inside the cluster (its internal token endpoint, its JWKS). */
  AUTH_SERVER_HTTP_URL: z.url().default("http://127.0.0.1:3001"),
  /**
   * This service's credential at auth-server, whose `<SERVICE>_CLIENT_SECRET` holds the same
   * value (the client id is the service's name). Generated per run in embedded and local
   * distributed mode; from the chart's service-clients Secret in Kubernetes.
   */
  SERVICE_CLIENT_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
};

export interface ServiceAuthConfig {
  AUTH_SERVER_HTTP_URL: string;
  SERVICE_CLIENT_SECRET?: string | undefined;
}

/**
 * The tokens `service` sends with its gRPC calls (`auth: { audience, tokens }` of a client),
 * renewed by `clock` (the service's build context's). Without SERVICE_CLIENT_SECRET the service
 * refuses to start: every call it made would be refused anyway. (The variable is optional to
 * parse, so a config can be loaded for anything but serving, like the OpenAPI document.)
 */
export function createServiceTokensFromConfig(
  config: ServiceAuthConfig,
  service: string,
  clock: Clock = systemClock,
): ServiceTokens {
  if (!config.SERVICE_CLIENT_SECRET) {
    throw new Error(
      `${service}: SERVICE_CLIENT_SECRET is required: its credential at auth-server, which must hold the same value as ${service.toUpperCase().replaceAll("-", "_")}_CLIENT_SECRET`,
    );
  }
  return createServiceTokens({
    tokenUrl: internalTokenUrl(config.AUTH_SERVER_HTTP_URL),
    clientId: service,
    clientSecret: config.SERVICE_CLIENT_SECRET,
    clock,
  });
}
