import { createGrpcServer, type GrpcServer, type GrpcServerOptions } from "../../src/index";

export interface StartedServer {
  server: GrpcServer;
  address: string;
  port: number;
}

/**
 * Builds a server, lets the test add services, and listens on a free loopback port. Shut it down
 * in afterEach/finally. Without an `authenticate` option the server checks no callers (the
 * adapter's own tests); call-authentication.test.ts passes one.
 */
export async function startServer(
  setup: (server: GrpcServer) => void,
  options: GrpcServerOptions = {},
  port = 0,
): Promise<StartedServer> {
  const server = createGrpcServer(options.authenticate ? options : { unauthenticated: true, ...options });
  setup(server);
  const boundPort = await server.listen("127.0.0.1", port);
  return { server, address: `127.0.0.1:${boundPort}`, port: boundPort };
}
