import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { freePort, waitFor } from "@kurz/testing";
import { afterEach, describe, expect, it } from "vitest";

interface WorkerAnswer {
  pid: number;
  worker: string;
  secret: string;
  told: string[];
}

const PRIMARY = fileURLToPath(new URL("./fixtures/pool-primary.ts", import.meta.url));

describe("the redirector's worker pool (REDIRECTOR_WORKERS > 1)", () => {
  let primary: ChildProcess | undefined;
  let output = "";

  afterEach(() => {
    primary?.kill("SIGKILL");
    primary = undefined;
  });

  /** `underParent`: started as apps/distributed starts a service (its stdin a pipe the parent holds). */
  async function startPool({ underParent = false } = {}): Promise<(path?: string) => Promise<WorkerAnswer>> {
    const port = await freePort();
    output = "";
    primary = spawn(process.execPath, ["--import", "tsx", PRIMARY], {
      env: {
        ...process.env,
        PORT: String(port),
        ...(underParent ? { KURZ_STOP_WHEN_STDIN_ENDS: "1" } : {}),
      },
      stdio: [underParent ? "pipe" : "ignore", "pipe", "pipe"],
    });
    primary.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    primary.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    // Every request on a new connection: the primary hands each to the next worker.
    return async (path = "/") =>
      (await fetch(`http://127.0.0.1:${port}${path}`)).json() as Promise<WorkerAnswer>;
  }

  /** Asks until two different workers answered; their answers by pid. */
  async function bothWorkers(ask: () => Promise<WorkerAnswer>): Promise<Map<number, WorkerAnswer>> {
    const seen = new Map<number, WorkerAnswer>();
    await waitFor(
      async () => {
        const answer = await ask();
        seen.set(answer.pid, answer);
        return seen.size;
      },
      { until: (size) => size >= 2, what: `two workers to answer (output: ${output.slice(-500)})` },
    );
    return seen;
  }

  it("serves one port from every worker, passes a link change to the others, and replaces a worker that dies", async () => {
    const ask = await startPool();
    const workers = await bothWorkers(() => ask());
    expect([...workers.values()].map((answer) => answer.worker).sort()).toEqual(["1", "2"]);
    // Everything the primary was given reaches each worker alike (e.g. one cookie secret).
    expect([...workers.values()].map((answer) => answer.secret)).toEqual(["one-for-all", "one-for-all"]);

    const teller = await ask("/tell?value=link-42-changed");
    const sibling = await waitFor(ask, {
      until: (answer) => answer.pid !== teller.pid && answer.told.includes("link-42-changed"),
      what: "the other worker to be told of the change",
    });
    expect(sibling.told).toEqual(["link-42-changed"]);

    const crashed = await ask("/crash");
    const after = await waitFor(
      async () => {
        const seen = await bothWorkers(() => ask());
        return [...seen.keys()];
      },
      {
        until: (pids) => !pids.includes(crashed.pid) && pids.length >= 2,
        what: "a new worker in place of the one that died",
        // Each read is itself a wait (bothWorkers, up to 30 s), and the replacement starts its
        // TypeScript through tsx: on a loaded machine that outlasts the default bound.
        timeoutMs: 120_000,
      },
    );
    expect(after).not.toContain(crashed.pid);
    expect(output).toContain("redirector.worker_exited");
    // A bound, not a speed check: two pool start-ups and a replaced worker, each through tsx.
  }, 240_000);

  it("stops every worker on SIGTERM and exits 0", async () => {
    const ask = await startPool();
    const workers = await bothWorkers(() => ask());
    const process_ = primary as ChildProcess;
    const exited = once(process_, "exit");
    process_.kill("SIGTERM");
    const [code] = await exited;
    expect(code, output).toBe(0);
    for (const pid of workers.keys()) expect(() => process.kill(pid, 0)).toThrow();
  });

  it("stops every worker and exits 0 when the parent's end closes its stdin pipe, as it would on a SIGKILL", async () => {
    const ask = await startPool({ underParent: true });
    const workers = await bothWorkers(() => ask());
    const process_ = primary as ChildProcess;
    const exited = once(process_, "exit");
    // What the kernel does to the pipe when the parent dies.
    process_.stdin?.end();
    const [code] = await exited;
    expect(code, output).toBe(0);
    expect(output).toContain("redirector.workers_stopping");
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await waitFor(() => [...workers.keys()].filter(alive), {
      until: (left) => left.length === 0,
      what: "every worker to be gone",
    });
  });
});
