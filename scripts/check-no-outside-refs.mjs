#!/usr/bin/env node
// Fails when a tracked file refers to a document that lives outside the repository (an interface
// contract, a design or style document, a "shared" folder beside the checkout). The project
// explains itself in docs/: point there instead (docs/README.md is the index).
//
// Usage: node scripts/check-no-outside-refs.mjs   (exit 0: none; exit 1: each one as file:line)
// No dependencies; the file list is `git ls-files`, everything under docs/ excepted.
//
// The patterns are written so that this file does not match them itself.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** What an outside reference looks like, with the name shown in the report. */
const PATTERNS = [
  { name: "the interface contract file", regex: /service[-]interface/i },
  { name: "a section of the spec", regex: /\bspec\s*§/i },
  { name: "a section of the design document", regex: /\bDESIGN\s*§/ },
  { name: "the design document", regex: /\bDESIGN[.]md\b/ },
  { name: "the style document", regex: /\bSTYLE[.]md\b/ },
  { name: "a folder beside the repository", regex: /\.\.[/\\]shared\b/ },
  { name: "the shared spec folder", regex: /\bshared[/\\]spec\b/ },
  { name: "the shared reference folder", regex: /\bshared[/\\]reference\b/ },
];

/**
 * Files that keep an old reference because they must never change: the migration runner hashes an
 * applied migration's text and logs `migration.changed_after_apply` at every start when it differs
 * (packages/relational). docs/README.md ("Section numbers in older text") says where each old
 * section lives now. Only migrations already applied somewhere belong here; a new one is checked.
 */
const IMMUTABLE = new Set(["services/auth-server/drizzle/0001_grant_refresh_token_to_dynamic_clients.sql"]);

/** Files this check reads: every tracked file but the project's own documents. */
function trackedFiles() {
  const out = execFileSync("git", ["ls-files", "-z"], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  return out
    .toString("utf8")
    .split("\0")
    .filter((path) => path !== "" && !path.startsWith("docs/"));
}

function isBinary(bytes) {
  const head = bytes.subarray(0, 8000);
  return head.includes(0);
}

const findings = [];
const kept = [];
for (const path of trackedFiles()) {
  let bytes;
  try {
    bytes = readFileSync(join(root, path));
  } catch {
    continue; // listed by git but deleted in the working tree
  }
  if (isBinary(bytes)) continue;
  const lines = bytes.toString("utf8").split(/\r?\n/);
  lines.forEach((line, index) => {
    for (const { name, regex } of PATTERNS) {
      if (regex.test(line)) {
        (IMMUTABLE.has(path) ? kept : findings).push({ path, line: index + 1, name, text: line.trim() });
        break;
      }
    }
  });
}

for (const { path, line } of kept) {
  process.stdout.write(`${path}:${line}: kept (an applied migration never changes)\n`);
}
if (findings.length === 0) {
  process.stdout.write("No references to documents outside the repository.\n");
  process.exit(0);
}

for (const { path, line, name, text } of findings) {
  const excerpt = text.length > 120 ? `${text.slice(0, 117)}...` : text;
  process.stdout.write(`${path}:${line}: ${name}: ${excerpt}\n`);
}
const files = new Set(findings.map((finding) => finding.path)).size;
console.error(
  `\n${findings.length} reference(s) in ${files} file(s) point outside the repository. ` +
    "Point them at the project's own documents in docs/ (index: docs/README.md).",
);
process.exit(1);
