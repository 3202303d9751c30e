import { createLogger } from "@kurz/logger";
import { inertDependencies } from "@kurz/openapi";
import type { RegisteredRoute } from "@kurz/service-runtime";
import { type AppDependencies, buildApp } from "./app";
import { SERVICE_NAME } from "./config";

/**
 * Every route of link-api's HTTP app with its schema, read from the app built without
 * infrastructure (nothing connects, listens or runs a handler): what the OpenAPI document is
 * generated from and checked against (tools/openapi).
 */
export async function describeHttpApi(): Promise<readonly RegisteredRoute[]> {
  const app = await buildApp(
    inertDependencies<AppDependencies>(SERVICE_NAME, {
      logger: createLogger({ service: SERVICE_NAME, level: "silent" }),
      readiness: [],
      // Read at build time (the upload route's body limit): the defaults.
      imports: {},
    }),
  );
  try {
    await app.http.app.ready();
    return app.http.routes();
  } finally {
    await app.http.app.close();
  }
}
