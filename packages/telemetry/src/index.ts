export { type ServiceIdentity, serviceIdentity } from "./service-identity";
export { currentService, runAsService, SERVICE_ATTRIBUTE } from "./service-scope";
export { SERVICE_NAMESPACE, serviceResource, startTelemetry, stopTelemetry } from "./start-telemetry";
export { telemetryEnabled } from "./telemetry-enabled";
