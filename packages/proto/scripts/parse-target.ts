import path from "node:path";
import { parseArgs } from "node:util";
import { repoRoot } from "./run-buf";

/**
 * A generation target: the directory holding buf.yaml + buf.gen.yaml, and the plugin's `out`
 * directory relative to it. Defaults to the product contracts; other packages (the @kurz/grpc
 * test fixtures) pass `--workdir` and `--out`.
 */
export interface GenerationTarget {
  workdir: string;
  out: string;
}

export function parseTarget(argv: string[]): GenerationTarget {
  const { values } = parseArgs({
    args: argv,
    options: { workdir: { type: "string" }, out: { type: "string" } },
  });
  return {
    workdir: values.workdir === undefined ? repoRoot : path.resolve(values.workdir),
    out: values.out ?? "packages/proto/src/gen",
  };
}
