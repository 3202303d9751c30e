import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleArgs } from "@kurz/testing";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Ports no developer run uses, so the test never collides with a running `make start`. */
const env = (dataDir: string) => ({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: "info",
  EDGE_PORT: "18080",
  KURZ_SERVICE_PORTS: "ephemeral",
});

describe("the embedded process", () => {
  it("starts from the command line, answers through the edge, and exits 0 on Ctrl-C (SIGINT)", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kurz-process-"));
    const child = spawn(process.execPath, bundleArgs("apps/embedded"), {
      cwd: root,
      env: env(dataDir),
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
      const deadline = Date.now() + 60_000;
      let ready = false;
      while (!ready && Date.now() < deadline && child.exitCode === null) {
        ready = await fetch("http://127.0.0.1:18080/.kurz/health")
          .then((r) => r.status === 200)
          .catch(() => false);
        if (!ready) await new Promise((r) => setTimeout(r, 300));
      }
      expect(ready, output).toBe(true);

      child.kill("SIGINT");
      const [code] = await once(child, "exit");
      expect(code, output).toBe(0);
      expect(output).toContain('"event":"service.stopped"');
      // Nothing keeps listening once the process is gone.
      const stillUp = await fetch("http://127.0.0.1:18080/.kurz/health").then(
        () => true,
        () => false,
      );
      expect(stillUp).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
