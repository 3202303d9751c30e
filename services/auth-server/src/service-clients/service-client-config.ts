import { SERVICE_NAMES, type ServiceName, serviceVariable } from "@kurz/routes";
import { z } from "zod";

const secret = z
  .string()
  .min(16, "must be at least 16 characters")
  .optional()
  .or(z.literal("").transform(() => undefined));

/**
 * One client secret per calling service, `<SERVICE>_CLIENT_SECRET` (the service presents the same
 * value as its own `SERVICE_CLIENT_SECRET`); the client id is the service's name. Generated per
 * run in embedded and local distributed mode; from the chart's service-clients Secret in
 * Kubernetes. A service without a secret here gets no tokens, so its calls are refused.
 */
export const serviceClientConfigShape = {
  LINK_API_CLIENT_SECRET: secret,
  REDIRECTOR_CLIENT_SECRET: secret,
  ANALYTICS_INGEST_CLIENT_SECRET: secret,
  ABTEST_ENGINE_CLIENT_SECRET: secret,
  MCP_GATEWAY_CLIENT_SECRET: secret,
  WEBHOOK_DISPATCHER_CLIENT_SECRET: secret,
  DASHBOARD_CLIENT_SECRET: secret,
};

type ServiceClientConfig = { [K in keyof typeof serviceClientConfigShape]?: string | undefined };

/** The services with a credential (every one but auth-server itself, which signs locally). */
export type CallingService = Exclude<ServiceName, "auth-server">;

const variableOf = (service: CallingService) =>
  serviceVariable(service, "CLIENT_SECRET") as keyof ServiceClientConfig;

for (const service of SERVICE_NAMES) {
  if (service !== "auth-server" && !(variableOf(service) in serviceClientConfigShape)) {
    throw new Error(`serviceClientConfigShape lacks ${variableOf(service)}`);
  }
}

export function isCallingService(clientId: string): clientId is CallingService {
  return clientId !== "auth-server" && (SERVICE_NAMES as readonly string[]).includes(clientId);
}

/** The configured secret of a service, if any. */
export function serviceClientSecret(
  config: ServiceClientConfig,
  service: CallingService,
): string | undefined {
  return config[variableOf(service)];
}
