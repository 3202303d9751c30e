/**
 * The eight services, their default ports, and whether each owns a relational database (one
 * database per service; docs/architecture.md#services). Local runs (embedded and distributed) use these
 * ports on 127.0.0.1; in Kubernetes every service listens on the same ports in its own pod.
 */
const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * `maxBodyBytes` is the largest request body a service reads: the service refuses more with 413
 * PAYLOAD_TOO_LARGE, and the edge (which holds a body before passing it on) refuses it the same
 * way without bothering the service. Both read it from here, unless the route table gives a
 * route its own limit (Route.maxBodyBytes: link imports).
 */
export const SERVICES = {
  "auth-server": { httpPort: 3001, grpcPort: 50051, database: true, maxBodyBytes: 1 * MiB },
  "link-api": { httpPort: 3002, grpcPort: 50052, database: true, maxBodyBytes: 1 * MiB },
  redirector: { httpPort: 3003, grpcPort: 50053, database: false, maxBodyBytes: 16 * KiB },
  "analytics-ingest": { httpPort: 3004, grpcPort: 50054, database: false, maxBodyBytes: 64 * KiB },
  "abtest-engine": { httpPort: 3005, grpcPort: 50055, database: true, maxBodyBytes: 1 * MiB },
  "mcp-gateway": { httpPort: 3006, grpcPort: 50056, database: false, maxBodyBytes: 1 * MiB },
  "webhook-dispatcher": { httpPort: 3007, grpcPort: 50057, database: true, maxBodyBytes: 1 * MiB },
  // The web app: pages, its own sign-in and the API calls it relays (gRPC: health only).
  dashboard: { httpPort: 3008, grpcPort: 50058, database: false, maxBodyBytes: 1 * MiB },
} as const;

export type ServiceName = keyof typeof SERVICES;

export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

export function isServiceName(value: string): value is ServiceName {
  return Object.hasOwn(SERVICES, value);
}

/** The public port of the local edge proxy. */
export const EDGE_PORT = 8080;

/**
 * The variable that tells one service where another is: `serviceVariable("link-api", "GRPC_ADDR")`
 * → `LINK_API_GRPC_ADDR`; or, with "CLIENT_SECRET", the variable holding a service's credential
 * at auth-server. Services, the edge, both run modes and the chart agree on these names.
 */
export function serviceVariable(
  service: ServiceName,
  suffix: "GRPC_ADDR" | "HTTP_URL" | "CLIENT_SECRET",
): string {
  return `${service.toUpperCase().replaceAll("-", "_")}_${suffix}`;
}
