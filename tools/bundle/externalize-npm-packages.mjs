// esbuild plugin: workspace packages (@kurz/*, consumed as TypeScript source) are inlined; every
// npm package stays an external import, loaded as published (native and WASM packages such as
// chDB and PGlite cannot be bundled, and OpenTelemetry patches real modules). Each external is
// also resolved now, from the file that imports it, so the build knows which installed package
// directory the bundle will need at run time (see link-bundle-packages.mjs).
import path from "node:path";

/** The installed package directory that holds `resolvedFile` for the package `name`. */
function packageDirectory(resolvedFile, name) {
  const marker = `${path.sep}node_modules${path.sep}${name.split("/").join(path.sep)}${path.sep}`;
  const at = resolvedFile.lastIndexOf(marker);
  return at === -1 ? undefined : resolvedFile.slice(0, at + marker.length - 1);
}

/** `pg/lib/x` → `pg`; `@scope/pkg/sub` → `@scope/pkg`. */
export function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** @param {Map<string, Set<string>>} needed package name → the directories it resolved to */
export function externalizeNpmPackages(needed) {
  return {
    name: "externalize-npm-packages",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.path.startsWith("@kurz/")) return undefined;
        if (args.path.startsWith("node:") || args.pluginData?.kurzProbe) return undefined;
        const name = packageName(args.path);
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: { kurzProbe: true },
        });
        // Node built-ins without the node: prefix resolve to nothing installed.
        const directory = resolved.errors.length === 0 ? packageDirectory(resolved.path, name) : undefined;
        if (directory) {
          const directories = needed.get(name) ?? new Set();
          directories.add(directory);
          needed.set(name, directories);
        }
        return { path: args.path, external: true };
      });
    },
  };
}
