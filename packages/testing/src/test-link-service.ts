import { create } from "@bufbuild/protobuf";
import { createGrpcServer } from "@kurz/grpc";
import { linksV1 } from "@kurz/proto";

/** A snapshot's fields (message-typed ones as messages); host and code are required. */
export type TestLinkSnapshot = Partial<Omit<linksV1.LinkSnapshot, "$typeName" | "$unknown">> & {
  host: string;
  code: string;
};

/**
 * A real gRPC `kurz.links.v1.LinkService` answering `Resolve` from a map, for testing the redirect
 * edge without link-api. Every other RPC fails (INTERNAL).
 */
export interface TestLinkService {
  /** host:port of the gRPC server. */
  address: string;
  /** Adds or replaces the link of its host + code; returns the full snapshot. */
  set(snapshot: TestLinkSnapshot): linksV1.LinkSnapshot;
  remove(host: string, code: string): void;
  /** Resolve calls answered so far (to observe caching). */
  resolveCalls(): number;
  /** When set, Resolve fails as if link-api were down. */
  setFailing(failing: boolean): void;
  stop(): Promise<void>;
}

export async function startTestLinkService(
  snapshots: readonly TestLinkSnapshot[] = [],
): Promise<TestLinkService> {
  const links = new Map<string, linksV1.LinkSnapshot>();
  const keyOf = (host: string, code: string) => `${host}/${code}`;
  let calls = 0;
  let failing = false;

  const set = (init: TestLinkSnapshot) => {
    const snapshot = create(linksV1.LinkSnapshotSchema, init);
    links.set(keyOf(snapshot.host, snapshot.code), snapshot);
    return snapshot;
  };
  for (const snapshot of snapshots) set(snapshot);

  // A test double: it checks no callers (the real services' authenticators are tested on them).
  const server = createGrpcServer({ unauthenticated: true });
  const implementation = new Proxy(
    {
      resolve(request: linksV1.ResolveRequest) {
        calls++;
        if (failing) throw new Error("test link service is failing on purpose");
        const link = links.get(keyOf(request.host, request.code));
        return link ? { found: true, link } : { found: false };
      },
    } as Record<string, unknown>,
    {
      get(target, property) {
        if (typeof property === "string" && property in target) return target[property];
        return () => {
          throw new Error(`TestLinkService does not implement ${String(property)}`);
        };
      },
    },
  );
  server.addService(linksV1.LinkService, implementation as never);
  const port = await server.listen("127.0.0.1", 0);
  return {
    address: `127.0.0.1:${port}`,
    set,
    remove: (host, code) => {
      links.delete(keyOf(host, code));
    },
    resolveCalls: () => calls,
    setFailing: (value) => {
      failing = value;
    },
    stop: () => server.shutdown(1_000),
  };
}
