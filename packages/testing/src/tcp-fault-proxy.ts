import net from "node:net";

export interface TcpFaultProxy {
  /** host:port clients connect to instead of the target. */
  readonly address: string;
  readonly port: number;
  /** Breaks every open connection and refuses new ones: the network path is down. */
  cut(): void;
  /**
   * Keeps every connection open but carries no more bytes either way, and accepts new
   * connections that never reach the backend: a hung dependency (a stuck server, a black-holed
   * route), where nothing fails and nothing answers.
   */
  stall(): void;
  /** Lets connections through again. */
  restore(): void;
  stop(): Promise<void>;
}

/**
 * A TCP relay to a real backend that a test can cut and restore, for outage tests against the
 * real server (an outage of the path, not a stand-in for the backend).
 */
export async function startTcpFaultProxy(target: { host: string; port: number }): Promise<TcpFaultProxy> {
  const sockets = new Set<net.Socket>();
  let down = false;
  let stalled = false;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    if (stalled) {
      sockets.add(client);
      client.on("error", () => client.destroy()).on("close", () => sockets.delete(client));
      client.resume();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
    // Not pipe(): a stalled path must swallow bytes instead of delivering them later.
    client.on("data", (chunk) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!stalled) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const cut = () => {
    down = true;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    address: `127.0.0.1:${port}`,
    port,
    cut,
    stall() {
      stalled = true;
    },
    restore() {
      down = false;
      stalled = false;
    },
    async stop() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
