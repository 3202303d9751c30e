import { randomBytes } from "node:crypto";
import { SERVICE_NAMES, type ServiceName, serviceVariable } from "@kurz/routes";

type Env = Record<string, string | undefined>;

export interface ServiceCredentials {
  /** What auth-server reads: every calling service's `<SERVICE>_CLIENT_SECRET`, the dashboard's OAuth secret. */
  authServerEnv: Env;
  /** What one service reads: its own `SERVICE_CLIENT_SECRET`. */
  serviceEnv(service: ServiceName): Env;
}

/**
 * A client secret for every service that calls another over gRPC, so every call of the run
 * carries a token auth-server minted (docs/architecture.md#service-to-service-calls). Fresh per start unless `env` fixes one
 * (`<SERVICE>_CLIENT_SECRET`): auth-server keeps them in memory only, nothing outlives the run.
 */
export function serviceCredentials(env: Env): ServiceCredentials {
  const secrets = new Map<ServiceName, string>();
  for (const service of SERVICE_NAMES) {
    if (service === "auth-server") continue;
    secrets.set(
      service,
      env[serviceVariable(service, "CLIENT_SECRET")] ?? randomBytes(32).toString("base64url"),
    );
  }
  // The dashboard is also an OAuth client of auth-server (the first-party one): its secret there.
  const dashboardOAuthSecret = env.DASHBOARD_OAUTH_CLIENT_SECRET ?? randomBytes(32).toString("base64url");
  return {
    authServerEnv: {
      ...Object.fromEntries(
        [...secrets].map(([service, secret]) => [serviceVariable(service, "CLIENT_SECRET"), secret]),
      ),
      OAUTH_CLIENT_DASHBOARD_SECRET: dashboardOAuthSecret,
    },
    serviceEnv: (service) => {
      const secret = secrets.get(service);
      return {
        ...(secret === undefined ? {} : { SERVICE_CLIENT_SECRET: secret }),
        ...(service === "dashboard" ? { DASHBOARD_OAUTH_CLIENT_SECRET: dashboardOAuthSecret } : {}),
      };
    },
  };
}
