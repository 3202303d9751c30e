/**
 * An mcp-gateway in its own process, as it is deployed (its own pod), pointed at the services
 * of the bench's embedded Kurz (their addresses in the environment). Reports its URL, then its
 * CPU time or memory whenever the parent asks, over the IPC channel.
 */
import { loadConfig, startMcpGateway } from "@kurz/mcp-gateway";

const gateway = await startMcpGateway(loadConfig(process.env));
process.on("message", (message: string) => {
  if (message === "cpu") {
    const cpu = process.cpuUsage();
    process.send?.({ cpuMs: (cpu.user + cpu.system) / 1000 });
  } else if (message === "memory") {
    (globalThis as { gc?: () => void }).gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    process.send?.({ heapUsed, rss });
  } else if (message === "stop") {
    void gateway.stop().then(() => process.exit(0));
  }
});
process.send?.({ url: gateway.httpUrl });
