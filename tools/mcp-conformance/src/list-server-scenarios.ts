import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { SUITE_CLI } from "./suite-paths";

/** The server scenarios the installed suite knows (`conformance list --server`), in its order. */
export async function listServerScenarios(): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [SUITE_CLI, "list", "--server"], {
    timeout: 30_000,
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
  });
  // Lines look like "  - server-initialize [2025-06-18,2025-11-25]".
  return [...stdout.matchAll(/^\s+-\s+(\S+)/gm)].map((match) => match[1]!);
}
