#!/usr/bin/env node
// Fails when a test waits on the wall clock instead of on a condition: `expect.poll(` (a 1 s
// deadline unless told otherwise), `vi.waitFor(` / `vi.waitUntil(`, and fixed sleeps
// (`setTimeout(resolve, N)`, `sleep(…)`, `delay(…)`, `waitForTimeout(…)`). Such a test passes or
// fails by how loaded the machine is: about half of the CI runs failed on one. Wait for the
// condition with `waitFor` from @kurz/testing; move time with @kurz/clock's TestClock.
//
// A sleep that is the behaviour under test (a fake slow server, a handler that must be slow) is
// allowed with a comment on its line or the line above: `// fixed-delay: <reason>`.
//
// Usage: node scripts/check-test-waits.mjs [path…]   (default: the whole repository)
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SKIPPED_DIRS = new Set(["node_modules", ".git", "dist", ".data", ".turbo", "artifacts"]);
const EXTENSIONS = /\.(?:ts|mts|cts|tsx)$/;

const RULES = [
  {
    name: "expect.poll",
    pattern: /\bexpect\s*(?:\.\s*soft\s*)?\.\s*poll\s*\(/g,
    fix: "waitFor from @kurz/testing",
  },
  { name: "vi.waitFor", pattern: /\bvi\s*\.\s*wait(?:For|Until)\s*\(/g, fix: "waitFor from @kurz/testing" },
  {
    name: "fixed sleep",
    pattern:
      /\bsetTimeout\s*\(\s*(?:r|res|resolve|done|next)\s*,|\bsetTimeout\s*\(\s*\(\)\s*=>\s*(?:r|res|resolve|done|next)\s*\(\s*\)\s*,|(?<![\w$.])(?:sleep|delay)\s*\(|\bawait\s+setTimeout\s*\(|\.waitForTimeout\s*\(/g,
    fix: "wait for the condition (waitFor) or move a TestClock",
  },
];
const ALLOW = /\/\/\s*fixed-delay:\s*\S/;

function isTestFile(relative) {
  const parts = relative.split(path.sep);
  return (
    EXTENSIONS.test(relative) && (parts.slice(0, -1).includes("test") || /\.test\.[cm]?tsx?$/.test(relative))
  );
}

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* walk(path.join(dir, entry.name));
    } else if (entry.isFile()) {
      yield path.join(dir, entry.name);
    }
  }
}

/** The text with comments blanked (kept the same length, so offsets still give line numbers). */
function withoutComments(text) {
  let out = "";
  let i = 0;
  let quote = null;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (quote) {
      out += c;
      if (c === "\\") {
        out += next ?? "";
        i += 2;
        continue;
      }
      // A quote or double quote never spans lines: a regex literal like /["']/ must not hide the rest.
      if (c === quote || (c === "\n" && quote !== "`")) quote = null;
      i++;
    } else if (c === '"' || c === "'" || c === "`") {
      quote = c;
      out += c;
      i++;
    } else if (c === "/" && next === "/") {
      const end = text.indexOf("\n", i);
      const stop = end === -1 ? text.length : end;
      out += " ".repeat(stop - i);
      i = stop;
    } else if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function check(file) {
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n");
  const code = withoutComments(text);
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  const lineOf = (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  };
  const found = [];
  for (const rule of RULES) {
    for (const match of code.matchAll(rule.pattern)) {
      const line = lineOf(match.index);
      if (ALLOW.test(lines[line]) || (line > 0 && ALLOW.test(lines[line - 1]))) continue;
      found.push({ line: line + 1, rule, text: lines[line].trim() });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

const targets = process.argv.slice(2).map((arg) => path.resolve(arg));
const files = [];
for (const target of targets.length > 0 ? targets : [root]) {
  if (statSync(target).isDirectory()) files.push(...walk(target));
  else files.push(target);
}
let checked = 0;
const problems = [];
for (const file of files) {
  const relative = path.relative(root, file);
  if (!isTestFile(relative)) continue;
  checked++;
  for (const found of check(file)) problems.push({ file: relative, ...found });
}
for (const { file, line, rule, text } of problems) {
  process.stdout.write(`${file}:${line}: ${rule.name} (use ${rule.fix}): ${text}\n`);
}
if (problems.length > 0) {
  process.stdout.write(
    `\n${problems.length} wall-clock wait(s) in ${checked} test files. A sleep that is the behaviour under test ` +
      "takes a comment on its line or the line above: // fixed-delay: <reason>\n",
  );
  process.exit(1);
}
process.stdout.write(`test waits: ${checked} test files wait on conditions, not on the clock\n`);
