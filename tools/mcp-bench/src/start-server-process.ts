import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface ServerProcess {
  url: string;
  /** CPU time (user + system) the gateway process has used so far, in milliseconds. */
  cpuMs(): Promise<number>;
  /** The process's memory after a full garbage collection (the gateway answers this). */
  memory(): Promise<{ heapUsed: number; rss: number }>;
  stop(): Promise<void>;
}

/**
 * Forks a server of the bench — `gateway-process.ts` (the MCP gateway) or `bare-proxy-process.ts`
 * — with `env`, and waits until it listens.
 */
export async function startServerProcess(
  script: "./gateway-process.ts" | "./bare-proxy-process.ts",
  env: Record<string, string | undefined>,
): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), {
    // MCP_BENCH_GATEWAY_NODE_OPTIONS: more flags for the server's node, e.g. "--cpu-prof".
    execArgv: [
      "--expose-gc",
      "--import",
      "tsx",
      ...(process.env.MCP_BENCH_GATEWAY_NODE_OPTIONS ?? "").split(" ").filter(Boolean),
    ],
    env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const nextMessage = <T>() =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${script} exited with ${code}`));
      child.once("exit", onExit);
      child.once("message", (message) => {
        child.off("exit", onExit);
        resolve(message as T);
      });
    });
  const { url } = await nextMessage<{ url: string }>();
  return {
    url,
    async cpuMs() {
      const reply = nextMessage<{ cpuMs: number }>();
      child.send("cpu");
      return (await reply).cpuMs;
    },
    async memory() {
      const reply = nextMessage<{ heapUsed: number; rss: number }>();
      child.send("memory");
      return reply;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send("stop");
      await exited;
    },
  };
}
