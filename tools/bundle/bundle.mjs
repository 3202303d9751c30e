#!/usr/bin/env node
// Bundles a service or app into dist/: what its container image runs, and what `make start`,
// `make start-distributed` and the process-level tests run — one artifact, built once (turbo
// caches dist/). Outputs: dist/<entry>.mjs for each entry (default main=src/main.ts) and
// dist/register-telemetry.mjs (preloaded with --import). Source maps are written beside them;
// run with --enable-source-maps so stack traces name the .ts lines.
//   usage (from a package directory): node ../../tools/bundle/bundle.mjs [name=src/entry.ts ...]
import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { externalizeNpmPackages } from "./externalize-npm-packages.mjs";
import { linkBundlePackages } from "./link-bundle-packages.mjs";
import { relocateAssetUrls } from "./relocate-asset-urls.mjs";

const outdir = path.resolve("dist");
const entries = process.argv.slice(2).map((arg) => arg.split("="));
const entryPoints = Object.fromEntries(entries.length > 0 ? entries : [["main", "src/main.ts"]]);
const needed = new Map();

const common = {
  bundle: true,
  platform: "node",
  target: "node24",
  format: "esm",
  sourcemap: true,
  // Stack traces need the mappings, not the sources' text: Node keeps a parsed map in memory for
  // the process's life, and the embedded bundle's sources would add ~6 MB of heap to it.
  sourcesContent: false,
  logLevel: "warning",
  metafile: true,
  plugins: [externalizeNpmPackages(needed), relocateAssetUrls(outdir)],
  outdir,
  outExtension: { ".js": ".mjs" },
};

const results = [
  await build({ ...common, entryPoints }),
  await build({
    ...common,
    entryPoints: {
      "register-telemetry": path.resolve(import.meta.dirname, "../../packages/telemetry/src/register.ts"),
    },
  }),
];

// Packages the bundled workspace packages declare (the register hook names one by string only).
const workspaceRoot = path.resolve(import.meta.dirname, "../..");
const packageFiles = new Set();
for (const { metafile } of results) {
  for (const input of Object.keys(metafile.inputs)) {
    const pkg = /^((?:packages|services|apps|tools)\/[^/]+)\//.exec(
      path.relative(workspaceRoot, path.resolve(input)),
    );
    if (pkg) packageFiles.add(path.join(workspaceRoot, pkg[1], "package.json"));
  }
}
for (const file of packageFiles) {
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (name.startsWith("@kurz/") || needed.has(name)) continue;
    try {
      needed.set(name, new Set([realpathSync(path.join(path.dirname(file), "node_modules", name))]));
    } catch {
      // Declared but not installed for this platform (an optional native build): nothing to link.
    }
  }
}

const conflicts = linkBundlePackages(outdir, needed);
for (const conflict of conflicts)
  console.warn(`bundle: two versions imported, the first is linked: ${conflict}`);
