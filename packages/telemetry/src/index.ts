export { startTelemetry, stopTelemetry } from "./start-telemetry";
export { telemetryEnabled } from "./telemetry-enabled";
