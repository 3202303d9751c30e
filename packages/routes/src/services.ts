/**
 * The seven services and their default ports. Local runs (embedded and distributed) use these
 * ports on 127.0.0.1; in Kubernetes every service listens on the same ports in its own pod.
 */
export const SERVICES = {
  "auth-server": { httpPort: 3001, grpcPort: 50051 },
  "link-api": { httpPort: 3002, grpcPort: 50052 },
  redirector: { httpPort: 3003, grpcPort: 50053 },
  "analytics-ingest": { httpPort: 3004, grpcPort: 50054 },
  "abtest-engine": { httpPort: 3005, grpcPort: 50055 },
  "mcp-gateway": { httpPort: 3006, grpcPort: 50056 },
  "webhook-dispatcher": { httpPort: 3007, grpcPort: 50057 },
} as const;

export type ServiceName = keyof typeof SERVICES;

export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

export function isServiceName(value: string): value is ServiceName {
  return Object.hasOwn(SERVICES, value);
}

/** The public port of the local edge proxy. */
export const EDGE_PORT = 8080;
