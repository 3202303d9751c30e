import { describe, expect, it } from "vitest";
import { startTelemetry, telemetryEnabled } from "../src";

describe("telemetry", () => {
  it("stays off without an exporter endpoint or exporter choice", () => {
    expect(telemetryEnabled({})).toBe(false);
    expect(telemetryEnabled({ OTEL_TRACES_EXPORTER: "none" })).toBe(false);
    expect(startTelemetry({})).toBe(false);
  });

  it("turns on with an OTLP endpoint or a chosen exporter, and OTEL_SDK_DISABLED wins", () => {
    expect(telemetryEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(telemetryEnabled({ OTEL_TRACES_EXPORTER: "console" })).toBe(true);
    expect(
      telemetryEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_SDK_DISABLED: "true" }),
    ).toBe(false);
  });
});
