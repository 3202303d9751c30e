import { spawnSync } from "node:child_process";
import path from "node:path";

/** The repository root: buf.yaml and buf.gen.yaml live there, and buf runs from there by default. */
export const repoRoot = path.resolve(import.meta.dirname, "../../..");

/** The buf binary of the npm package @bufbuild/buf (a devDependency): nothing is downloaded. */
const bufBin = path.resolve(import.meta.dirname, "../node_modules/.bin/buf");

/** Runs buf in `cwd` with inherited output; throws with the exit code on failure. */
export function runBuf(args: string[], cwd: string = repoRoot): void {
  const result = spawnSync(bufBin, args, { cwd, stdio: "inherit" });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`buf ${args.join(" ")} failed with exit code ${result.status}`);
  }
}

/**
 * Runs a script body and turns a thrown error into one readable line and exit code 1; buf has
 * already printed its own diagnostics, so a stack trace would only bury them.
 */
export function runScript(body: () => void): void {
  try {
    body();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
