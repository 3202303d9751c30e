#!/usr/bin/env node
// Fails when a database transaction's callback calls another service (docs/architecture.md,
// "No call to another service inside a transaction"): a gRPC client of a neighbour, an HTTP
// fetch, or a Kafka produce that does not go through the outbox. Such a call holds row locks (and
// PGlite's one connection) while the neighbour answers, and its effect outlives a rollback: a lost
// answer leaves the two services disagreeing. The effect belongs after commit, through the outbox
// or an idempotent call that a reconciler repeats.
//
// Static and deliberately simple: the body of every `.transaction(` call in services/*/src and
// packages/*/src is scanned for the calls below. A call reached through a helper the body calls
// is not seen; keep service clients out of helpers that take a transaction.
//
// A call that is not what it looks like may be allowed with a comment on its line or the line
// above: `// call-in-transaction: <reason>`.
//
// Usage: node scripts/check-no-call-in-transaction.mjs [path…]   (default: services and packages)
//        node scripts/check-no-call-in-transaction.mjs --self-test
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".data", ".turbo", "generated"]);

// The context fields and clients that reach another service, per the services' *-context.ts
// files and their gRPC clients (@kurz/grpc createGrpcClient).
const RULES = [
  {
    name: "service client on the context",
    pattern:
      /\bctx\s*\.\s*(?:links|variantStats|allowances|plans|subscriptions|authServer|linkApi|analytics|abtests|webhooks|domainVerifier)\b/g,
  },
  { name: "gRPC client", pattern: /\b\w*(?:Client|client|Service)\s*\.\s*\w+\s*\(/g },
  { name: "HTTP fetch", pattern: /(?<![\w$.])fetch\s*\(/g },
  { name: "Kafka produce outside the outbox", pattern: /\bproducer\s*\.\s*(?:send|sendBatch|publish)\s*\(/g },
];
const ALLOW = /\/\/\s*call-in-transaction:\s*\S/;

function* walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* walk(path.join(dir, entry.name));
    } else if (/\.(?:ts|mts|tsx)$/.test(entry.name) && !/\.(?:test|d)\.[cm]?tsx?$/.test(entry.name)) {
      yield path.join(dir, entry.name);
    }
  }
}

/** The text with comments and string contents blanked (same length: offsets keep line numbers). */
function codeOnly(text) {
  const out = text.split("");
  let i = 0;
  let quote = null;
  // Brace depth of each open template expression: its closing brace goes back into the template.
  const templates = [];
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (quote) {
      if (c === "\\") {
        out[i] = " ";
        if (text[i + 1] !== "\n") out[i + 1] = " ";
        i += 2;
        continue;
      }
      if (c === quote) {
        quote = null;
      } else if (quote === "`" && c === "$" && next === "{") {
        // A template's expressions are code; only the literal parts are blanked.
        quote = null;
        templates.push(0);
        i += 2;
        continue;
      } else if (c !== "\n") {
        out[i] = " ";
      }
      i++;
      continue;
    }
    if (c === "/" && next === "/") {
      while (i < text.length && text[i] !== "\n") out[i++] = " ";
      continue;
    }
    if (c === "/" && next === "*") {
      while (i < text.length && !(text[i] === "*" && text[i + 1] === "/")) {
        if (text[i] !== "\n") out[i] = " ";
        i++;
      }
      out[i] = " ";
      out[i + 1] = " ";
      i += 2;
      continue;
    }
    if (templates.length > 0) {
      if (c === "{") templates[templates.length - 1]++;
      else if (c === "}") {
        if (templates[templates.length - 1] === 0) {
          templates.pop();
          quote = "`";
          i++;
          continue;
        }
        templates[templates.length - 1]--;
      }
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    i++;
  }
  return out.join("");
}

/** [start, end) of each `.transaction(` call's argument list. */
function transactionBodies(code) {
  const bodies = [];
  const opener = /\.\s*transaction\s*\(/g;
  for (let match = opener.exec(code); match; match = opener.exec(code)) {
    const start = match.index + match[0].length;
    let depth = 1;
    let i = start;
    while (i < code.length && depth > 0) {
      if (code[i] === "(") depth++;
      else if (code[i] === ")") depth--;
      i++;
    }
    bodies.push([start, i - 1]);
  }
  return bodies;
}

/** Every forbidden call inside a transaction of `text`, as { line, rule, excerpt }. */
export function findCallsInTransactions(text) {
  const code = codeOnly(text);
  const lines = text.split("\n");
  const lineOf = (offset) => text.slice(0, offset).split("\n").length;
  const found = [];
  for (const [start, end] of transactionBodies(code)) {
    const body = code.slice(start, end);
    for (const rule of RULES) {
      rule.pattern.lastIndex = 0;
      for (let hit = rule.pattern.exec(body); hit; hit = rule.pattern.exec(body)) {
        const line = lineOf(start + hit.index);
        if (ALLOW.test(lines[line - 1] ?? "") || ALLOW.test(lines[line - 2] ?? "")) continue;
        found.push({ line, rule: rule.name, excerpt: (lines[line - 1] ?? "").trim() });
      }
    }
  }
  return found;
}

function selfTest() {
  const planted = `
    export async function startTest(ctx, id) {
      await ctx.db.transaction(async (tx) => {
        await tx.update(abTests).set({ status: "running" });
        await ctx.links.setRouting(accountId, linkId, routing);
        await fetch(\`https://\${host}/hook\`);
        await authServerClient.getAccount({ accountId });
        await producer.send({ topic, messages });
      });
    }`;
  const clean = `
    export async function startTest(ctx, id) {
      const row = await ctx.db.transaction(async (tx) => {
        // ctx.links.setRouting( is named in a comment only
        const note = "fetch(ctx.links.x)";
        await tx.update(abTests).set({ status: "running", note });
        await requestLinkRouting(tx, accountId, linkId, now);
        return row;
      });
      await ctx.links.setRouting(accountId, linkId, routing);
      await fetch(url);
    }`;
  const allowed = `
    await ctx.db.transaction(async (tx) => {
      // call-in-transaction: a pure function named like a client
      await parseClient.read(tx);
    });`;
  const rules = findCallsInTransactions(planted).map((f) => f.rule);
  const expected = [
    "service client on the context",
    "gRPC client",
    "HTTP fetch",
    "Kafka produce outside the outbox",
  ];
  const problems = [];
  for (const rule of expected) if (!rules.includes(rule)) problems.push(`planted ${rule} not detected`);
  if (findCallsInTransactions(clean).length > 0)
    problems.push(`false positive: ${JSON.stringify(findCallsInTransactions(clean))}`);
  if (findCallsInTransactions(allowed).length > 0) problems.push("the allow comment was not honoured");
  return problems;
}

function main(args) {
  const problems = selfTest();
  if (problems.length > 0) {
    process.stderr.write(`check-no-call-in-transaction: self-test failed:\n  ${problems.join("\n  ")}\n`);
    process.exit(1);
  }
  if (args.includes("--self-test")) {
    process.stdout.write(
      "check-no-call-in-transaction: self-test passed (planted calls found, clean code passes)\n",
    );
    return;
  }
  const targets = args.length > 0 ? args : ["services", "packages"];
  const findings = [];
  for (const target of targets) {
    const base = path.resolve(root, target);
    const files = base.endsWith(".ts") ? [base] : [...walk(base)];
    for (const file of files) {
      const relative = path.relative(root, file);
      // Only source: tests may hold a transaction open on purpose.
      if (!relative.startsWith(path.join("packages", "")) && !relative.startsWith(path.join("services", "")))
        continue;
      if (!relative.split(path.sep).includes("src")) continue;
      for (const finding of findCallsInTransactions(readFileSync(file, "utf8"))) {
        findings.push(`${relative}:${finding.line}: ${finding.rule}: ${finding.excerpt}`);
      }
    }
  }
  if (findings.length > 0) {
    process.stderr.write(
      "A call to another service inside a database transaction (docs/architecture.md, failure model):\n" +
        "move it after commit (outbox, or an idempotent call a reconciler repeats).\n  " +
        `${findings.join("\n  ")}\n`,
    );
    process.exit(1);
  }
  process.stdout.write("check-no-call-in-transaction: no service call inside a transaction\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
