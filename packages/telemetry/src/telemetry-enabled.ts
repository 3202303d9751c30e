/**
 * Telemetry is configured by the standard OTEL_* variables only. With no exporter endpoint (and
 * no explicit exporter choice) the SDK is not started at all: no background timers, no output.
 */
export function telemetryEnabled(env: Record<string, string | undefined> = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === "true") return false;
  const endpoint =
    env.OTEL_EXPORTER_OTLP_ENDPOINT ??
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT;
  const exporterChosen = [env.OTEL_TRACES_EXPORTER, env.OTEL_METRICS_EXPORTER].some(
    (value) => value !== undefined && value !== "" && value !== "none",
  );
  return Boolean(endpoint) || exporterChosen;
}
