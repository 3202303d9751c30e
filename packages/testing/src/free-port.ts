import net from "node:net";

/**
 * Ports are picked below the OS's ephemeral range (32768–60999 on Linux): a port the OS hands
 * out for listen(0) comes from that range, where any outgoing connection of another process may
 * take it before the child that was given it binds it (EADDRINUSE at start, seen in CI).
 */
const LOW = 20_000;
const HIGH = 32_000;
/**
 * The range is cut into slices, one per test worker (VITEST_POOL_ID; the pid elsewhere): a port
 * is free between its probe and its server's bind — seconds when a whole Kurz starts before its
 * edge listens — and two workers drawing from one range could both be handed it (EADDRINUSE).
 */
const SLICES = 8;
const SLICE = Math.floor((HIGH - LOW) / SLICES);
const worker = Number(process.env.VITEST_POOL_ID ?? process.pid);
const sliceLow = LOW + ((Number.isFinite(worker) ? worker : process.pid) % SLICES) * SLICE;
const used = new Set<number>();

function tryListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });
}

/** A TCP port that was free a moment ago on 127.0.0.1, outside the ephemeral range when possible. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = sliceLow + Math.floor(Math.random() * SLICE);
    if (used.has(port)) continue;
    // Taken before the probe: two calls at once must not both be handed the port it finds free.
    used.add(port);
    if ((await tryListen(port)) === port) return port;
    used.delete(port);
  }
  const port = await tryListen(0);
  if (port === undefined) throw new Error("no free TCP port on 127.0.0.1");
  return port;
}
