#!/usr/bin/env node
// Bundles a service for its container image: dist/main.mjs (the service) and
// dist/register-telemetry.mjs (preloaded with --import). Workspace packages (@kurz/*, consumed as
// TypeScript source) are inlined; npm packages stay external and come from the image's
// node_modules, so native and WASM packages (chDB, PGlite) load as published.
//   usage (from a service directory): node ../../tools/bundle/bundle-service.mjs
import { build } from "esbuild";

const workspaceOnly = {
  name: "externalize-npm-packages",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@kurz/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  logLevel: "warning",
  plugins: [workspaceOnly],
  // Keeps `new URL("../drizzle", import.meta.url)` pointing at the service's migration folders.
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
};

await build({ ...common, entryPoints: { main: "src/main.ts" } });
await build({
  ...common,
  entryPoints: { "register-telemetry": "../../packages/telemetry/src/register.ts" },
});
