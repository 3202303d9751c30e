import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { waitFor } from "@kurz/testing";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const fixture = fileURLToPath(new URL("./fixtures/stop-when-stdin-ends.ts", import.meta.url));

function startFixture(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", fixture], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  return { child, output: () => text };
}

describe("runMain under a parent that holds its stdin (apps/distributed)", () => {
  it("stops gracefully when the parent's end closes the pipe, as it would on a SIGKILL", async () => {
    const { child, output } = startFixture({ KURZ_STOP_WHEN_STDIN_ENDS: "1" });
    const exited = once(child, "exit");
    await waitFor(() => output().includes("started"), { what: "the fixture to start", timeoutMs: 60_000 });
    // What the kernel does to the pipe when the parent dies.
    child.stdin?.end();
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output()).toContain("stopped");
  }, 90_000);
});
