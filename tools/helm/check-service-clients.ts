import type { Manifest } from "./manifest";

interface EnvEntry {
  name?: string;
  valueFrom?: { secretKeyRef?: { name?: string; key?: string } };
}

interface Workload {
  kind?: unknown;
  metadata?: { name?: unknown; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: { template?: { spec?: { containers?: Array<{ name?: string; env?: EnvEntry[] }> } } };
  data?: Record<string, string>;
}

const variableOf = (service: string) => `${service.toUpperCase().replaceAll("-", "_")}_CLIENT_SECRET`;

/**
 * Service credentials (values.yaml serviceClients): every service that calls another presents
 * SERVICE_CLIENT_SECRET from the very Secret key auth-server checks it against
 * (<SERVICE>_CLIENT_SECRET); a plain value, a missing variable or a mismatch fails, and so does a
 * generated Secret that is not kept (a reinstall would change every secret under running pods).
 */
export function checkServiceClients(manifests: Manifest[]): string[] {
  const workloads = manifests as Workload[];
  const secrets = new Map(
    workloads.filter((m) => m.kind === "Secret").map((secret) => [String(secret.metadata?.name), secret]),
  );
  const containers = workloads
    .filter((m) => m.kind === "Deployment")
    .flatMap((deployment) =>
      (deployment.spec?.template?.spec?.containers ?? []).map((container) => ({
        service: deployment.metadata?.labels?.["app.kubernetes.io/component"] ?? "",
        deployment: String(deployment.metadata?.name),
        env: new Map((container.env ?? []).map((entry) => [entry.name ?? "", entry])),
      })),
    );
  const authServer = containers.find((c) => c.service === "auth-server");
  const problems: string[] = [];
  for (const caller of containers) {
    const own = caller.env.get("SERVICE_CLIENT_SECRET");
    if (!own) continue;
    const ref = own.valueFrom?.secretKeyRef;
    if (!ref?.name || !ref.key) {
      problems.push(`Deployment/${caller.deployment}: SERVICE_CLIENT_SECRET is not taken from a Secret`);
      continue;
    }
    const secret = secrets.get(ref.name);
    if (secret && !secret.data?.[ref.key]) problems.push(`Secret ${ref.name} has no value for ${ref.key}`);
    if (secret && secret.metadata?.annotations?.["helm.sh/resource-policy"] !== "keep") {
      problems.push(`Secret ${ref.name} is generated but not kept (helm.sh/resource-policy: keep)`);
    }
    if (!authServer) continue;
    const checked = authServer.env.get(variableOf(caller.service))?.valueFrom?.secretKeyRef;
    if (checked?.name !== ref.name || checked.key !== ref.key) {
      problems.push(
        `${caller.service} presents ${ref.name}/${ref.key}, auth-server checks ${variableOf(caller.service)} against ${checked ? `${checked.name}/${checked.key}` : "nothing"}`,
      );
    }
  }
  // Every service that calls another must have a credential (its calls are refused otherwise).
  for (const caller of containers) {
    if (caller.service === "auth-server" || caller.env.has("SERVICE_CLIENT_SECRET")) continue;
    const callsOthers = [...caller.env.keys()].some((name) => name.endsWith("_GRPC_ADDR"));
    if (callsOthers)
      problems.push(`Deployment/${caller.deployment}: calls other services without SERVICE_CLIENT_SECRET`);
  }
  problems.push(...checkDashboardOAuthClient(containers, secrets));
  return problems;
}

/**
 * The dashboard is a confidential OAuth client: it presents DASHBOARD_OAUTH_CLIENT_SECRET at the
 * token endpoint and auth-server checks OAUTH_CLIENT_DASHBOARD_SECRET, both from one Secret key.
 * Missing on either side, the dashboard is a public client anyone can mint tokens for.
 */
function checkDashboardOAuthClient(
  containers: Array<{ service: string; deployment: string; env: Map<string, EnvEntry> }>,
  secrets: Map<string, Workload>,
): string[] {
  const dashboard = containers.find((c) => c.service === "dashboard");
  const authServer = containers.find((c) => c.service === "auth-server");
  if (!dashboard || !authServer) return [];
  const presented = dashboard.env.get("DASHBOARD_OAUTH_CLIENT_SECRET")?.valueFrom?.secretKeyRef;
  const checked = authServer.env.get("OAUTH_CLIENT_DASHBOARD_SECRET")?.valueFrom?.secretKeyRef;
  if (!presented?.name || !presented.key) {
    return [`Deployment/${dashboard.deployment}: DASHBOARD_OAUTH_CLIENT_SECRET is not taken from a Secret`];
  }
  const problems: string[] = [];
  if (checked?.name !== presented.name || checked.key !== presented.key) {
    problems.push(
      `dashboard presents ${presented.name}/${presented.key}, auth-server checks OAUTH_CLIENT_DASHBOARD_SECRET against ${checked ? `${checked.name}/${checked.key}` : "nothing"}`,
    );
  }
  const secret = secrets.get(presented.name);
  if (secret && !secret.data?.[presented.key]) {
    problems.push(`Secret ${presented.name} has no value for ${presented.key}`);
  }
  return problems;
}
