import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface GatewayProcess {
  url: string;
  /** CPU time (user + system) the gateway process has used so far, in milliseconds. */
  cpuMs(): Promise<number>;
  /** The gateway process's memory after a full garbage collection. */
  memory(): Promise<{ heapUsed: number; rss: number }>;
  stop(): Promise<void>;
}

/** Forks gateway-process.ts with `env` and waits until it listens. */
export async function startGatewayProcess(env: Record<string, string | undefined>): Promise<GatewayProcess> {
  const child = fork(fileURLToPath(new URL("./gateway-process.ts", import.meta.url)), {
    // MCP_BENCH_GATEWAY_NODE_OPTIONS: more flags for the gateway's node, e.g. "--cpu-prof".
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
      const onExit = (code: number | null) => reject(new Error(`the gateway process exited with ${code}`));
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
