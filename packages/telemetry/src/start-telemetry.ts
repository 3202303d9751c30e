import { FastifyOtelInstrumentation } from "@fastify/otel";
import { GrpcInstrumentation } from "@opentelemetry/instrumentation-grpc";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { IORedisInstrumentation } from "@opentelemetry/instrumentation-ioredis";
import { KafkaJsInstrumentation } from "@opentelemetry/instrumentation-kafkajs";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { NodeSDK, resources } from "@opentelemetry/sdk-node";
// NodeSDK builds the exporters named by OTEL_TRACES_EXPORTER / OTEL_EXPORTER_OTLP_* only when it
// is given no span processor; any processor of ours replaces them. So the marker is put in front
// of the very list NodeSDK would build, from its own function (version pinned in package.json).
import { getSpanProcessorsFromEnv } from "@opentelemetry/sdk-node/build/src/utils.js";
import { MarkServiceProcessor } from "./mark-service-processor";
import { type ServiceIdentity, serviceIdentity } from "./service-identity";
import { enableServiceScope } from "./service-scope";
import { telemetryEnabled } from "./telemetry-enabled";

let sdk: NodeSDK | undefined;

/** Every Kurz process belongs to this service.namespace. */
export const SERVICE_NAMESPACE = "kurz";

/**
 * The process' resource before the SDK's detectors run: service.name and service.version from
 * the service's package, service.namespace = kurz. The detectors (OTEL_SERVICE_NAME,
 * OTEL_RESOURCE_ATTRIBUTES, process, host) are merged over it, so the variables still win.
 */
export function serviceResource(identity: ServiceIdentity | undefined): resources.Resource {
  return resources.defaultResource().merge(
    resources.resourceFromAttributes({
      ...(identity ? { "service.name": identity.name } : {}),
      ...(identity?.version ? { "service.version": identity.version } : {}),
      "service.namespace": SERVICE_NAMESPACE,
    }),
  );
}

/**
 * Starts the OpenTelemetry NodeSDK with the instrumentations Kurz relies on. Exporters, sampling
 * and overrides of the resource come from OTEL_* variables (the SDK reads them); the resource
 * names the service (serviceResource) and every span is marked with the service that runs it
 * (runAsService). Returns false, doing nothing, when no exporter is configured.
 */
export function startTelemetry(
  env: Record<string, string | undefined> = process.env,
  identity: ServiceIdentity | undefined = serviceIdentity(),
): boolean {
  if (sdk || !telemetryEnabled(env)) return false;
  const exporting = getSpanProcessorsFromEnv();
  enableServiceScope();
  sdk = new NodeSDK({
    resource: serviceResource(identity),
    // No exporter (OTEL_TRACES_EXPORTER=none): no processors at all, so no tracer provider either.
    spanProcessors: exporting.length > 0 ? [new MarkServiceProcessor(), ...exporting] : [],
    instrumentations: [
      new HttpInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new GrpcInstrumentation(),
      new KafkaJsInstrumentation(),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  return true;
}

/** Flushes and stops the SDK; part of every service's graceful shutdown. */
export async function stopTelemetry(): Promise<void> {
  const running = sdk;
  sdk = undefined;
  await running?.shutdown();
}
