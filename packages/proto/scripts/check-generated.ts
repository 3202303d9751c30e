/**
 * CI guard: regenerate into a temporary directory and fail, with a readable diff, when the
 * committed generated code differs (a .proto changed without `generate`, or generated code was
 * edited by hand).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { listFiles } from "./list-files";
import { parseTarget } from "./parse-target";
import { runBuf, runScript } from "./run-buf";

runScript(() => {
  const target = parseTarget(process.argv.slice(2));
  const committedDir = path.join(target.workdir, target.out);
  const label = path.relative(process.cwd(), committedDir);
  const tempRoot = mkdtempSync(path.join(os.tmpdir(), "kurz-check-generated-"));
  try {
    // -o prefixes every plugin `out` with the temp dir, so the committed tree is never touched.
    runBuf(["generate", "-o", tempRoot], target.workdir);
    const freshDir = path.join(tempRoot, target.out);
    const problems = compareTrees(committedDir, freshDir);
    if (problems.length === 0) {
      console.warn(`generated code in ${label} is up to date`);
      return;
    }
    console.error(`Generated code in ${label} is out of date:`);
    for (const problem of problems) console.error(`  ${problem}`);
    printDiff(committedDir, freshDir);
    throw new Error("Run the package's `generate` script and commit the result.");
  } finally {
    rmSync(tempRoot, { recursive: true, force: true });
  }
});

function compareTrees(committed: string, fresh: string): string[] {
  const committedFiles = new Set(listFiles(committed));
  const freshFiles = new Set(listFiles(fresh));
  const problems: string[] = [];
  for (const file of freshFiles) {
    if (!committedFiles.has(file)) problems.push(`missing: ${file}`);
    else if (
      readFileSync(path.join(committed, file), "utf8") !== readFileSync(path.join(fresh, file), "utf8")
    ) {
      problems.push(`differs: ${file}`);
    }
  }
  for (const file of committedFiles) {
    if (!freshFiles.has(file)) problems.push(`stale (no .proto generates it): ${file}`);
  }
  return problems;
}

function printDiff(committed: string, fresh: string): void {
  // diffutils is on every Debian machine; without it the file list above still says what to fix.
  const result = spawnSync("diff", ["-ruN", committed, fresh], { encoding: "utf8" });
  if (result.error) return;
  const lines = result.stdout.split("\n");
  const shown = lines.slice(0, 200);
  console.error(shown.join("\n"));
  if (lines.length > shown.length) console.error(`... ${lines.length - shown.length} more diff lines`);
}
