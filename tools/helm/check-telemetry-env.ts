import { SERVICES } from "@kurz/routes";
import type { Manifest } from "./manifest";

interface Container {
  name?: string;
  env?: Array<{ name?: string; value?: string }>;
}

function containersOf(manifest: Manifest): Container[] {
  const template = manifest.spec?.template as { spec?: { containers?: Container[] } } | undefined;
  return template?.spec?.containers ?? [];
}

/**
 * Every service container names itself to OpenTelemetry: OTEL_SERVICE_NAME is its service and
 * OTEL_RESOURCE_ATTRIBUTES puts it in service.namespace=kurz with a service.version, so a trace
 * backend tells the seven services apart (the SDK would say unknown_service otherwise).
 */
export function checkTelemetryEnv(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const manifest of manifests) {
    if (manifest.kind !== "Deployment" && manifest.kind !== "Job") continue;
    for (const container of containersOf(manifest)) {
      if (!container.name || !(container.name in SERVICES)) continue;
      const where = `${String(manifest.kind)}/${String(manifest.metadata?.name)} container ${container.name}`;
      const env = new Map((container.env ?? []).map((entry) => [entry.name, entry.value]));
      if (env.get("OTEL_SERVICE_NAME") !== container.name) {
        problems.push(
          `${where}: OTEL_SERVICE_NAME is ${env.get("OTEL_SERVICE_NAME")}, not ${container.name}`,
        );
      }
      const attributes = new Set((env.get("OTEL_RESOURCE_ATTRIBUTES") ?? "").split(","));
      if (!attributes.has("service.namespace=kurz")) {
        problems.push(`${where}: OTEL_RESOURCE_ATTRIBUTES lacks service.namespace=kurz`);
      }
      if (![...attributes].some((attribute) => /^service\.version=.+/.test(attribute))) {
        problems.push(`${where}: OTEL_RESOURCE_ATTRIBUTES lacks service.version`);
      }
    }
  }
  return problems;
}
