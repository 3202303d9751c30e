import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import type { Manifest } from "./manifest";

/**
 * Fields the Kubernetes / Gateway API schema does not know (a misspelt `maxSkw`, a field at the
 * wrong level), which the schema validators let through because the OpenAPI schemas allow
 * additional properties. The kubernetes-models type declarations do not: each object becomes a
 * literal that must satisfy its kind's interface, and TypeScript's excess-property check
 * names every unknown field. Returns "Kind/name: problem" lines.
 */
export function findUnknownFields(manifests: Manifest[]): string[] {
  // Inside this package, so the generated file resolves the model packages like any source.
  const dir = fileURLToPath(new URL("./node_modules/.cache/manifest-types/", import.meta.url));
  const file = `${dir}manifests-${process.pid}.ts`;
  const imports = new Map<string, string>();
  const lines: string[] = [];
  const objectOfLine = new Map<number, string>();
  for (const manifest of manifests) {
    const { apiVersion, kind } = manifest;
    if (typeof apiVersion !== "string" || typeof kind !== "string") continue;
    const group = apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.indexOf("/")) : "";
    const pkg = group.startsWith("gateway.networking.")
      ? "@kubernetes-models/gateway-api"
      : "kubernetes-models";
    const alias = `I${kind}_${apiVersion.replace(/\W/g, "_")}`;
    imports.set(alias, `import type { I${kind} as ${alias} } from "${pkg}/${apiVersion}/${kind}";`);
    objectOfLine.set(lines.length, `${kind}/${String(manifest.metadata?.name)}`);
    lines.push(`export const object${lines.length} = ${JSON.stringify(manifest)} satisfies ${alias};`);
  }
  const header = [...imports.values()];
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, [...header, ...lines].join("\n"));
  try {
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    });
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
      if (!diagnostic.file || diagnostic.start === undefined) return message;
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      const object = objectOfLine.get(line - header.length);
      return `${object ?? `line ${line + 1}`}: ${message}`;
    });
  } finally {
    rmSync(file, { force: true });
  }
}
