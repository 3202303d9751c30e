import { describeHttpApi as describeAbtestEngine } from "@kurz/abtest-engine";
import { describeHttpApi as describeAnalyticsIngest } from "@kurz/analytics-ingest";
import { describeHttpApi as describeAuthServer } from "@kurz/auth-server";
import { describeHttpApi as describeLinkApi } from "@kurz/link-api";
import type { ServiceName } from "@kurz/routes";
import type { RegisteredRoute } from "@kurz/service-runtime";
import { describeHttpApi as describeWebhookDispatcher } from "@kurz/webhook-dispatcher";

export interface ServiceApi {
  service: ServiceName;
  /** The service's routes, from its real app built without infrastructure. */
  describe(): Promise<readonly RegisteredRoute[]>;
}

/**
 * Every service with public REST routes. A service that gets a prefix marked `openapi` in the
 * route table must be listed here (the document test fails otherwise).
 */
export const SERVICE_APIS: readonly ServiceApi[] = [
  { service: "auth-server", describe: describeAuthServer },
  { service: "link-api", describe: describeLinkApi },
  { service: "analytics-ingest", describe: describeAnalyticsIngest },
  { service: "abtest-engine", describe: describeAbtestEngine },
  { service: "webhook-dispatcher", describe: describeWebhookDispatcher },
];

export interface DescribedService {
  service: ServiceName;
  routes: readonly RegisteredRoute[];
}

/** One after the other: each build loads a whole service, and the machine has two cores. */
export async function describeServices(
  apis: readonly ServiceApi[] = SERVICE_APIS,
): Promise<DescribedService[]> {
  const described: DescribedService[] = [];
  for (const api of apis) described.push({ service: api.service, routes: await api.describe() });
  return described;
}
