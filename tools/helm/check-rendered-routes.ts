import { DEFAULT_SERVICE, ROUTE_TABLE, SERVICES } from "@kurz/routes";
import type { Manifest } from "./manifest";
import { sortRoutes } from "./sort-routes";

/** "prefix → service" lines the edge would route: the table, longest first, then "/" → default. */
function expectedRoutes(): string[] {
  const routes = sortRoutes(ROUTE_TABLE).map(({ prefix, service }) => `${prefix} → ${service}`);
  return [...routes, `/ → ${DEFAULT_SERVICE}`];
}

/** The service a backend points at: objects are named <fullname>-<service>. */
function serviceOf(backendName: unknown, port: unknown): string {
  for (const [service, { httpPort }] of Object.entries(SERVICES)) {
    if (typeof backendName === "string" && backendName.endsWith(`-${service}`) && port === httpPort) {
      return service;
    }
  }
  return `unknown backend ${String(backendName)}:${String(port)}`;
}

function difference(what: string, actual: string[], expected: string[]): string[] {
  if (actual.join("\n") === expected.join("\n")) return [];
  const missing = expected.filter((line) => !actual.includes(line));
  const extra = actual.filter((line) => !expected.includes(line));
  const detail = [
    missing.length > 0 ? `missing ${missing.join(", ")}` : "",
    extra.length > 0 ? `unexpected ${extra.join(", ")}` : "",
    missing.length === 0 && extra.length === 0 ? "not longest prefix first" : "",
  ].filter(Boolean);
  return [`${what} does not match the route table (packages/routes): ${detail.join("; ")}`];
}

interface IngressPath {
  path?: string;
  pathType?: string;
  backend?: { service?: { name?: string; port?: { number?: number } } };
}

function checkIngress(manifest: Manifest): string[] {
  const spec = manifest.spec ?? {};
  const name = `Ingress/${String(manifest.metadata?.name)}`;
  const problems: string[] = [];
  const fallback = (spec["defaultBackend"] as IngressPath["backend"])?.service;
  if (serviceOf(fallback?.name, fallback?.port?.number) !== DEFAULT_SERVICE) {
    problems.push(`${name}: defaultBackend is not the default service ${DEFAULT_SERVICE}`);
  }
  const rules = (spec["rules"] ?? []) as Array<{ host?: string; http?: { paths?: IngressPath[] } }>;
  for (const rule of rules) {
    const paths = rule.http?.paths ?? [];
    // ImplementationSpecific is the chart's escape hatch for ingress-nginx's strict path check.
    const types = new Set(paths.map((path) => path.pathType));
    if (types.size !== 1 || !(types.has("Prefix") || types.has("ImplementationSpecific"))) {
      problems.push(`${name}: paths must all be Prefix (or all ImplementationSpecific)`);
    }
    const actual = paths.map(
      ({ path, backend }) => `${path} → ${serviceOf(backend?.service?.name, backend?.service?.port?.number)}`,
    );
    problems.push(...difference(`${name} rule for ${rule.host ?? "every host"}`, actual, expectedRoutes()));
  }
  return problems;
}

interface HttpRouteRule {
  matches?: Array<{ path?: { type?: string; value?: string } }>;
  backendRefs?: Array<{ name?: string; port?: number }>;
}

function checkHttpRoute(manifest: Manifest): string[] {
  const name = `HTTPRoute/${String(manifest.metadata?.name)}`;
  const rules = (manifest.spec?.["rules"] ?? []) as HttpRouteRule[];
  const actual: Array<{ prefix: string; line: string }> = [];
  const problems: string[] = [];
  for (const rule of rules) {
    const refs = rule.backendRefs ?? [];
    const service = refs.length === 1 ? serviceOf(refs[0]?.name, refs[0]?.port) : `${refs.length} backends`;
    for (const match of rule.matches ?? []) {
      const prefix = String(match.path?.value);
      if (match.path?.type !== "PathPrefix") problems.push(`${name}: ${prefix} is not a PathPrefix match`);
      actual.push({ prefix, line: `${prefix} → ${service}` });
    }
  }
  // Rule order does not matter to a Gateway (the longest prefix wins), so compare sorted.
  const sorted = sortRoutes(actual).map(({ line }) => line);
  return [...problems, ...difference(name, sorted, expectedRoutes())];
}

/** The public routes rendered into Ingress and HTTPRoute objects, against the route table. */
export function checkRenderedRoutes(manifests: Manifest[]): string[] {
  return manifests.flatMap((manifest) => {
    if (manifest.kind === "Ingress") return checkIngress(manifest);
    if (manifest.kind === "HTTPRoute") return checkHttpRoute(manifest);
    return [];
  });
}
