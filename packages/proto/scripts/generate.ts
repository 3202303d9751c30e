/**
 * `pnpm --filter @kurz/proto generate`: lint the contracts, regenerate TypeScript (buf.gen.yaml
 * cleans the output directory first, so deleted protos leave no stale files), then check every
 * generated file carries the @generated marker.
 */
import path from "node:path";
import { assertGeneratedHeaders } from "./assert-generated-headers";
import { parseTarget } from "./parse-target";
import { runBuf, runScript } from "./run-buf";

runScript(() => {
  const target = parseTarget(process.argv.slice(2));
  const genDir = path.join(target.workdir, target.out);
  runBuf(["lint"], target.workdir);
  runBuf(["generate"], target.workdir);
  const count = assertGeneratedHeaders(genDir);
  console.warn(`generated ${count} files into ${path.relative(process.cwd(), genDir)}`);
});
