import { FastifyOtelInstrumentation } from "@fastify/otel";
import { GrpcInstrumentation } from "@opentelemetry/instrumentation-grpc";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { IORedisInstrumentation } from "@opentelemetry/instrumentation-ioredis";
import { KafkaJsInstrumentation } from "@opentelemetry/instrumentation-kafkajs";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { telemetryEnabled } from "./telemetry-enabled";

let sdk: NodeSDK | undefined;

/**
 * Starts the OpenTelemetry NodeSDK with the instrumentations Kurz relies on. Service name,
 * exporters, sampling and resource attributes come from OTEL_* variables (the SDK reads them).
 * Returns false, doing nothing, when no exporter is configured.
 */
export function startTelemetry(env: Record<string, string | undefined> = process.env): boolean {
  if (sdk || !telemetryEnabled(env)) return false;
  sdk = new NodeSDK({
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
