import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnNodeProcess } from "../src/spawn-node-process";

describe("a spawned service process", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "kurz-spawn-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps its last output lines, so a process that dies during start-up says why", async () => {
    const entry = path.join(dir, "dies.mjs");
    writeFileSync(
      entry,
      'for (let i = 1; i <= 50; i++) console.log("line " + i);\nconsole.error("config: PORT is taken");\nprocess.exit(3);\n',
    );
    const seen: string[] = [];
    const child = spawnNodeProcess("dies", [entry], process.env, (line) => seen.push(line));
    const [code] = await once(child.child, "close");
    expect(code).toBe(3);
    expect(seen).toHaveLength(51);
    const tail = child.recentOutput();
    expect(tail).toHaveLength(40);
    expect(tail.at(0)).toBe("line 12");
    expect(tail.at(-1)).toBe("config: PORT is taken");
  });
});
