import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

/**
 * What PGlite's initdb writes for an empty cluster depends only on the PGlite release, and costs
 * ~2.5 s of WASM work each time (measured on this project's 2-core machine). Kurz makes it once
 * per machine and release and keeps it in the user's cache (`$XDG_CACHE_HOME/kurz`, else
 * `~/.cache/kurz`), named by the release: a directory new data directories are copied from
 * (seed-pglite-data-dir.ts) and an image in-memory databases load (pglite-memory-image.ts).
 *
 * `build` writes the artefact at the path it is given, beside its final place; it is then renamed
 * into place, so the artefact appears whole or not at all, and two processes building at once
 * both end with the one renamed first. Built once per process at most.
 */
export function cachedPgliteArtefact(
  name: string,
  build: (staging: string) => Promise<void>,
): Promise<string> {
  const target = join(cacheRoot(), `pglite-${pgliteRelease()}${name}`);
  let built = builds.get(target);
  if (!built) {
    built = buildInPlace(target, build);
    builds.set(target, built);
    built.catch(() => builds.delete(target));
  }
  return built;
}

const builds = new Map<string, Promise<string>>();

async function buildInPlace(target: string, build: (staging: string) => Promise<void>): Promise<string> {
  if (existsSync(target)) return target;
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  const staging = `${target}.building-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    await build(staging);
    await rename(staging, target);
  } catch (error) {
    // Another process renamed its artefact into place first: theirs is as good.
    if (!existsSync(target)) throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return target;
}

function cacheRoot(): string {
  const xdg = process.env.XDG_CACHE_HOME;
  return join(xdg && xdg.length > 0 ? xdg : join(homedir(), ".cache"), "kurz");
}

let release: string | undefined;

/** The installed PGlite's version (read once), from the package.json of the module Node resolves. */
function pgliteRelease(): string {
  release ??= readPgliteRelease();
  return release;
}

function readPgliteRelease(): string {
  let dir = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, "utf8")) as {
        name?: string;
        version?: string;
      };
      if (name === "@electric-sql/pglite" && version) return version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("the installed PGlite's package.json was not found");
    dir = parent;
  }
}
