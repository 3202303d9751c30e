import { createLogger } from "@kurz/logger";
import { inertDependencies } from "@kurz/openapi";
import type { RegisteredRoute } from "@kurz/service-runtime";
import { type AppDependencies, buildApp } from "./app";
import { loadConfig, SERVICE_NAME } from "./config";

/**
 * Every route of analytics-ingest's HTTP app with its schema, read from the app built without
 * infrastructure (nothing connects, listens or runs a handler): what the OpenAPI document is
 * generated from and checked against (tools/openapi).
 */
export async function describeHttpApi(): Promise<readonly RegisteredRoute[]> {
  const app = buildApp(
    inertDependencies<AppDependencies>(SERVICE_NAME, {
      config: loadConfig({}),
      logger: createLogger({ service: SERVICE_NAME, level: "silent" }),
      readiness: [],
    }),
  );
  try {
    await app.http.app.ready();
    return app.http.routes();
  } finally {
    await app.http.app.close();
  }
}
