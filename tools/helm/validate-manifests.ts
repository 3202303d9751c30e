/**
 * Validates rendered chart manifests offline, with no cluster:
 *   - each object against the schema of its apiVersion/kind: Kubernetes' OpenAPI schemas as
 *     compiled by `kubernetes-models`, Gateway API's CRD schemas by `@kubernetes-models/gateway-api`
 *     (types, required fields, enums, formats, limits such as 16 rules per HTTPRoute);
 *   - no field those schemas do not know (find-unknown-fields.ts);
 *   - no two objects of one kind share a name;
 *   - the public routes (Ingress paths, HTTPRoute matches) are exactly the route table's;
 *   - every service container names itself to OpenTelemetry (check-telemetry-env.ts);
 *   - every replica of a service takes each of its shared secrets from the same Secret key
 *     (check-shared-secrets.ts);
 *   - every calling service presents the client secret auth-server checks it against
 *     (check-service-clients.ts).
 *
 *   pnpm exec tsx tools/helm/validate-manifests.ts rendered.yaml [more.yaml...]
 */
import { readFileSync } from "node:fs";
import { parseAllDocuments } from "yaml";
import { checkRenderedRoutes } from "./check-rendered-routes";
import { checkServiceClients } from "./check-service-clients";
import { checkSharedSecrets } from "./check-shared-secrets";
import { checkTelemetryEnv } from "./check-telemetry-env";
import { findUnknownFields } from "./find-unknown-fields";
import type { Manifest } from "./manifest";

interface Model {
  validate(): void;
}
type ModelClass = new (data: unknown) => Model;

const GATEWAY_API_GROUPS = new Set(["gateway.networking.k8s.io", "gateway.networking.x-k8s.io"]);
const models = new Map<string, ModelClass | undefined>();

/** The model class of an apiVersion/kind, from the package that ships its schema. */
async function loadModel(apiVersion: string, kind: string): Promise<ModelClass | undefined> {
  const key = `${apiVersion}/${kind}`;
  if (models.has(key)) return models.get(key);
  const group = apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.indexOf("/")) : "";
  const pkg = GATEWAY_API_GROUPS.has(group) ? "@kubernetes-models/gateway-api" : "kubernetes-models";
  let model: ModelClass | undefined;
  try {
    const module = (await import(`${pkg}/${apiVersion}/${kind}`)) as Record<string, ModelClass>;
    model = module[kind];
  } catch {
    model = undefined;
  }
  models.set(key, model);
  return model;
}

function readManifests(file: string): { manifests: Manifest[]; problems: string[] } {
  const manifests: Manifest[] = [];
  const problems: string[] = [];
  for (const document of parseAllDocuments(readFileSync(file, "utf8"))) {
    if (document.errors.length > 0) {
      problems.push(...document.errors.map((error) => `YAML: ${error.message}`));
      continue;
    }
    const value: unknown = document.toJS();
    if (value === null || value === undefined) continue;
    if (typeof value !== "object" || Array.isArray(value)) {
      problems.push(`a document is not an object: ${JSON.stringify(value).slice(0, 80)}`);
      continue;
    }
    manifests.push(value as Manifest);
  }
  return { manifests, problems };
}

async function validateManifest(manifest: Manifest): Promise<string[]> {
  const { apiVersion, kind } = manifest;
  const name = manifest.metadata?.name;
  if (typeof apiVersion !== "string" || typeof kind !== "string" || typeof name !== "string") {
    return ["an object without apiVersion, kind or metadata.name"];
  }
  const Model = await loadModel(apiVersion, kind);
  if (!Model) return [`${kind}/${name}: no schema for ${apiVersion} ${kind}`];
  try {
    new Model(manifest).validate();
    return [];
  } catch (error) {
    return [`${kind}/${name}: ${error instanceof Error ? error.message : String(error)}`];
  }
}

function findDuplicates(manifests: Manifest[]): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const { kind, metadata } of manifests) {
    const key = `${kind}/${metadata?.name}`;
    if (seen.has(key)) problems.push(`${key}: rendered twice`);
    seen.add(key);
  }
  return problems;
}

async function validateFile(file: string): Promise<string[]> {
  const { manifests, problems } = readManifests(file);
  for (const manifest of manifests) problems.push(...(await validateManifest(manifest)));
  problems.push(
    ...findUnknownFields(manifests),
    ...findDuplicates(manifests),
    ...checkRenderedRoutes(manifests),
    ...checkTelemetryEnv(manifests),
    ...checkSharedSecrets(manifests),
    ...checkServiceClients(manifests),
  );
  if (problems.length === 0) {
    const kinds = new Map<string, number>();
    for (const { kind } of manifests) kinds.set(String(kind), (kinds.get(String(kind)) ?? 0) + 1);
    const summary = [...kinds].map(([kind, count]) => `${count} ${kind}`).join(", ");
    process.stdout.write(`${file}: ${manifests.length} objects valid (${summary})\n`);
  }
  return problems.map((problem) => `${file}: ${problem}`);
}

async function main(): Promise<void> {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error("usage: validate-manifests.ts <rendered.yaml>...");
    process.exit(2);
  }
  const problems: string[] = [];
  for (const file of files) problems.push(...(await validateFile(file)));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
}

await main();
