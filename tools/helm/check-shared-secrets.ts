import { readFileSync } from "node:fs";
import { parse } from "yaml";
import type { Manifest } from "./manifest";

/**
 * Secrets a service makes up per process when it is not given one, so that replicas disagree:
 * the redirector signs password cookies with PASSWORD_COOKIE_SECRET, a random key per process
 * when empty (services/redirector/src/config.ts), and a visitor would be asked for a link's
 * password again whenever the load balancer picked another replica. Held here as well as in the
 * chart's values, so that dropping one from the values fails this check.
 */
const ALWAYS_SHARED: Record<string, readonly string[]> = { redirector: ["PASSWORD_COOKIE_SECRET"] };

const VALUES_FILE = new URL("../../charts/kurz/values.yaml", import.meta.url);

interface EnvEntry {
  name?: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name?: string; key?: string } };
}

interface Container {
  name?: string;
  env?: EnvEntry[];
  envFrom?: Array<{ secretRef?: { name?: string } }>;
}

interface Workload {
  kind?: unknown;
  metadata?: { name?: unknown; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: { template?: { spec?: { containers?: Container[] } } };
  data?: Record<string, string>;
}

/** services.<name>.sharedSecrets of the chart's default values, plus ALWAYS_SHARED. */
export function sharedSecretsByService(): Map<string, Set<string>> {
  const values = parse(readFileSync(VALUES_FILE, "utf8")) as {
    services?: Record<string, { sharedSecrets?: string[] } | null>;
  };
  const shared = new Map<string, Set<string>>();
  const add = (service: string, names: readonly string[]) => {
    const set = shared.get(service) ?? new Set<string>();
    for (const name of names) set.add(name);
    shared.set(service, set);
  };
  for (const [service, settings] of Object.entries(values.services ?? {})) {
    add(service, settings?.sharedSecrets ?? []);
  }
  for (const [service, names] of Object.entries(ALWAYS_SHARED)) add(service, names);
  return shared;
}

/** Where one container takes a shared secret from, as a comparable string; or the problem. */
function sourceOf(container: Container, name: string, secrets: Map<string, Workload>): string | Error {
  const entry = container.env?.find((candidate) => candidate.name === name);
  const ref = entry?.valueFrom?.secretKeyRef;
  if (ref?.name && ref.key) {
    const secret = secrets.get(ref.name);
    // A Secret the chart renders must hold the key; one it does not render is the operator's.
    if (secret && !secret.data?.[ref.key]) return new Error(`Secret ${ref.name} has no value for ${ref.key}`);
    if (
      secret &&
      ref.name.endsWith("-shared") &&
      secret.metadata?.annotations?.["helm.sh/resource-policy"] !== "keep"
    ) {
      return new Error(`Secret ${ref.name} is generated but not kept (helm.sh/resource-policy: keep)`);
    }
    return `secret ${ref.name} key ${ref.key}`;
  }
  if (entry) return new Error(`${name} is not taken from a Secret`);
  const fromSecrets = (container.envFrom ?? []).flatMap((source) => source.secretRef?.name ?? []);
  // An existingSecret: every variable of it, this one trusted to be among them.
  if (fromSecrets.length > 0) return `envFrom ${fromSecrets.join(",")}`;
  return new Error(`${name} is missing, so each replica would make up its own`);
}

/**
 * Every replica of a service gets the same reference for each of its shared secrets: the pod
 * template of each of its Deployments (all of its replicas, however many the autoscaler runs)
 * takes the variable from one Secret key, and all its Deployments take it from the same one.
 * A plain value or a missing variable fails, as does a Secret the chart renders without the key.
 */
export function checkSharedSecrets(
  manifests: Manifest[],
  shared: Map<string, Set<string>> = sharedSecretsByService(),
): string[] {
  const workloads = manifests as Workload[];
  const secrets = new Map(
    workloads.filter((m) => m.kind === "Secret").map((secret) => [String(secret.metadata?.name), secret]),
  );
  const problems: string[] = [];
  for (const [service, names] of shared) {
    const deployments = workloads.filter(
      (m) => m.kind === "Deployment" && m.metadata?.labels?.["app.kubernetes.io/component"] === service,
    );
    for (const name of names) {
      const sources = new Set<string>();
      for (const deployment of deployments) {
        for (const container of deployment.spec?.template?.spec?.containers ?? []) {
          if (container.name !== service) continue;
          const source = sourceOf(container, name, secrets);
          if (source instanceof Error) {
            problems.push(`Deployment/${String(deployment.metadata?.name)}: ${source.message}`);
          } else {
            sources.add(source);
          }
        }
      }
      if (sources.size > 1) {
        problems.push(`${service}: replicas take ${name} from different places: ${[...sources].join("; ")}`);
      }
    }
  }
  return problems;
}
