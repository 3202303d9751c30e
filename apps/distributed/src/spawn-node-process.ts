import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";

const TAIL_LINES = 40;

export interface NodeProcess {
  name: string;
  child: ChildProcess;
  /** Its last output lines (at most TAIL_LINES), for saying why it died. */
  recentOutput(): string[];
  /** SIGTERM, then SIGKILL after graceMs; resolves with the exit code (null if killed). */
  stop(graceMs?: number): Promise<number | null>;
}

/**
 * Runs Node with `args` as its own process (a service's bundle: `bundleArgs` of @kurz/testing),
 * with each output line prefixed by the process name.
 */
export function spawnNodeProcess(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
  output: (line: string) => void,
): NodeProcess {
  const child = spawn(process.execPath, args, {
    // Its stdin is a pipe only this process holds: when this process ends, however it ends (a
    // SIGKILL included), the pipe closes and the service stops itself (runMain) instead of
    // running on, orphaned.
    env: { ...env, KURZ_STOP_WHEN_STDIN_ENDS: "1" } as NodeJS.ProcessEnv,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on("line", (line) => {
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      output(`[${name}] ${line}`);
    });
  }
  const exited = once(child, "exit").then(([code]) => code as number | null);
  return {
    name,
    child,
    recentOutput: () => [...tail],
    stop: async (graceMs = 15_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
