/**
 * Preloaded with `node --import @kurz/telemetry/register` (after tsx) so instrumentations patch
 * http, grpc-js, kafkajs, pg and ioredis before any service module imports them. The process is
 * named after the package of its entry file (process.argv[1]: services/link-api/src/main.ts →
 * link-api) unless OTEL_SERVICE_NAME says otherwise.
 */
import { register } from "node:module";
import { startTelemetry, stopTelemetry } from "./start-telemetry";
import { telemetryEnabled } from "./telemetry-enabled";

if (telemetryEnabled()) {
  // ESM modules can only be patched through the loader hook (import-in-the-middle).
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url);
  startTelemetry();
  process.once("beforeExit", () => void stopTelemetry());
}
