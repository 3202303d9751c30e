// The bundle imports npm packages by name (externalize-npm-packages.mjs). In the image they come
// from the node_modules that `pnpm deploy` lays beside dist/. In the repository (make start,
// make start-distributed, the process tests) a bundle runs where it was built: dist/node_modules
// gets one symbolic link per package it imports, to the directory pnpm installed it in, so the
// same file runs in both places. Node follows the links to their real paths, so each package's
// own dependencies resolve as pnpm laid them out. The image never copies these links.
import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";

/** @param {Map<string, Set<string>>} needed package name → the directories it resolved to */
export function linkBundlePackages(outdir, needed) {
  const modules = path.join(outdir, "node_modules");
  rmSync(modules, { recursive: true, force: true });
  const conflicts = [];
  for (const [name, directories] of [...needed].sort(([a], [b]) => a.localeCompare(b))) {
    // Two workspace packages importing two versions of one package: the bundle can hold only one
    // name. The first in sorted order wins; said aloud so the lockfile can be aligned.
    const [first, ...others] = [...directories].sort();
    if (others.length > 0) conflicts.push(`${name}: ${[first, ...others].join(" | ")}`);
    const link = path.join(modules, name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.relative(path.dirname(link), first), link, "dir");
  }
  return conflicts;
}
