import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleArgs, freePort, waitFor } from "@kurz/testing";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** A free edge port (never a running `make start`'s, nor another test's), ephemeral service ports. */
const env = (dataDir: string, edgePort: number) => ({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: "info",
  EDGE_PORT: String(edgePort),
  KURZ_SERVICE_PORTS: "ephemeral",
});

describe("the embedded process", () => {
  it("starts from the command line, answers through the edge, and exits 0 on Ctrl-C (SIGINT)", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kurz-process-"));
    const edgePort = await freePort();
    const health = `http://127.0.0.1:${edgePort}/.kurz/health`;
    const child = spawn(process.execPath, bundleArgs("apps/embedded"), {
      cwd: root,
      env: env(dataDir, edgePort),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    try {
      const exited = new AbortController();
      child.once("exit", (code) => exited.abort(new Error(`the process exited ${code}:\n${output}`)));
      await waitFor(async () => (await fetch(health)).status, {
        until: (status) => status === 200,
        what: "the edge's health to answer 200",
        // Every service starting in one process: a minute and more on a loaded two-core machine.
        timeoutMs: 120_000,
        intervalMs: 300,
        signal: exited.signal,
      });

      child.kill("SIGINT");
      const [code] = await once(child, "exit");
      expect(code, output).toBe(0);
      expect(output).toContain('"event":"service.stopped"');
      // Nothing keeps listening once the process is gone.
      const stillUp = await fetch(health).then(
        () => true,
        () => false,
      );
      expect(stillUp).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Long by design: a whole embedded Kurz started and stopped as its own process.
  }, 240_000);
});
