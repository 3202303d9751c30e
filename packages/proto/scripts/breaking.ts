/**
 * `pnpm --filter @kurz/proto breaking`: `buf breaking` (FILE rules, see buf.yaml) against an
 * earlier version of the contracts.
 *
 * What it compares against, first match wins:
 *   1. BUF_BREAKING_AGAINST: any buf input, e.g. `.git#branch=release`, `.git#tag=v1.2.0`, or a
 *      directory holding an older checkout.
 *   2. the local `main` branch, when HEAD is not main itself (a feature branch);
 *   3. HEAD~1 (on main: the change being submitted against the commit before it).
 * It skips, exiting 0 with a message, when there is no such commit or the commit has no proto/
 * directory yet (the first commit of the contracts has nothing to break).
 */
import { spawnSync } from "node:child_process";
import { repoRoot, runBuf, runScript } from "./run-buf";

function git(args: string[]): string | undefined {
  const result = spawnSync("git", args, { cwd: repoRoot, encoding: "utf8" });
  if (result.error || result.status !== 0) return undefined;
  return result.stdout.trim();
}

function chooseAgainst(): { input: string } | { skip: string } {
  const explicit = process.env.BUF_BREAKING_AGAINST;
  if (explicit) return { input: explicit };
  const head = git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
  if (head === undefined) return { skip: "not a git checkout with commits" };
  const main = git(["rev-parse", "--verify", "--quiet", "refs/heads/main^{commit}"]);
  const base =
    main !== undefined && main !== head ? main : git(["rev-parse", "--verify", "--quiet", "HEAD~1^{commit}"]);
  if (base === undefined) return { skip: "no earlier commit to compare with" };
  if (
    git(["cat-file", "-e", `${base}:proto`]) === undefined ||
    git(["cat-file", "-e", `${base}:buf.yaml`]) === undefined
  ) {
    return { skip: `commit ${base.slice(0, 12)} has no proto/ and buf.yaml yet` };
  }
  return { input: `.git#ref=${base}` };
}

runScript(() => {
  const against = chooseAgainst();
  if ("skip" in against) {
    console.warn(`buf breaking skipped: ${against.skip}`);
    return;
  }
  console.warn(`buf breaking against ${against.input}`);
  runBuf(["breaking", "--against", against.input]);
});
