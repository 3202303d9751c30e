import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { BenchCommand, BenchReply, BenchTarget } from "./bench-protocol";

export interface BenchClient {
  /** Runs one command in the client process and resolves with its result. */
  send(command: BenchCommand): Promise<unknown>;
  stop(): Promise<void>;
}

/** Forks bench-client.ts with `target` and waits until its sessions are open. */
export async function startBenchClient(target: BenchTarget): Promise<BenchClient> {
  const child = fork(fileURLToPath(new URL("./bench-client.ts", import.meta.url)), {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, MCP_BENCH_TARGET: JSON.stringify(target) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let pending: { resolve(value: unknown): void; reject(error: Error): void } | undefined;
  child.on("message", (reply: BenchReply) => {
    const waiting = pending;
    pending = undefined;
    if (reply.ok) waiting?.resolve(reply.result);
    else waiting?.reject(new Error(reply.error));
  });
  child.on("exit", (code) => pending?.reject(new Error(`the bench client exited with ${code}`)));
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      pending = { resolve, reject };
    });
  await next();
  const send = (command: BenchCommand) => {
    const reply = next();
    child.send(command);
    return reply;
  };
  return {
    send,
    async stop() {
      await send({ kind: "close" }).catch(() => undefined);
      child.kill();
    },
  };
}
